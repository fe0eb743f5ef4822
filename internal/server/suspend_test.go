package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/auth/authtest"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

type userCaseJSON struct {
	User struct {
		ID, DisplayName string
		Suspension      *struct {
			Reason string
			Until  *time.Time
		}
	}
	Actions []struct{ Action, TargetType, AdminName, Detail string }
}

// An admin suspends a fan: the fan's session ends (401) with its open stream, every way
// in is refused with the end date (password, reset link), the fan's list leaves browse,
// search, home and its own page and the fan's comment leaves the thread and the count for
// everyone else, the fan's page says the account is suspended; restoring brings all of it
// back and the fan signs in again. Only admins may, and never against a moderator.
func TestSuspendedFanIsRefusedAndHidden(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			ctx := context.Background()
			e := newAuthEnvOn(t, nil, engine.Open(t))
			fan := newClient()
			if s := callStatus(t, fan, "POST", e.URL+"/api/auth/signup", creds{"fan@example.com", goodPassword}, nil); s != 201 {
				t.Fatalf("sign-up: %d", s)
			}
			var me meBody
			call(t, fan, "GET", e.URL+"/api/me", nil, &me)
			var made struct{ ID string }
			if res := call(t, fan, "POST", e.URL+"/api/lists", map[string]any{"name": "Zyzzogeton Picks", "isPublic": true,
				"contestants": []map[string]any{{"id": "s1", "isSeason": true}}}, &made); res.StatusCode != 201 {
				t.Fatalf("create: %d", res.StatusCode)
			}
			fanList := e.URL + "/api/lists/" + me.ID + "/" + made.ID
			ben, benUser := e.signedIn(t, "Ben")
			benList := e.makeCommunityList(t, benUser.ID, "list_1", "Heroes", true)
			if err := e.store.RebuildAggregates(ctx); err != nil { // the list was put in directly
				t.Fatal(err)
			}
			var fanComment struct{ ID string }
			call(t, fan, "POST", benList+"/comments", map[string]any{"text": "fan was here"}, &fanComment)
			call(t, ben, "POST", benList+"/comments", map[string]any{"text": "reply to fan", "parentId": fanComment.ID}, nil)
			call(t, ben, "POST", benList+"/comments", map[string]any{"text": "ben alone"}, nil)
			mod, modUser := e.signedIn(t, "Mod")
			if err := e.store.SetAdmin(ctx, modUser.Email, true); err != nil {
				t.Fatal(err)
			}

			// seen is what a visitor sees of the fan.
			seen := func() string {
				t.Helper()
				var parts []string
				for _, path := range []string{"/api/lists", "/api/lists?q=zyzzogeton", "/api/home"} {
					if body := readAll(t, get(t, e.URL+path, nil)); strings.Contains(body, "Zyzzogeton") {
						parts = append(parts, path)
					}
				}
				parts = append(parts, "list page "+http.StatusText(callStatus(t, nil, "GET", fanList, nil, nil)))
				parts = append(parts, "user page "+http.StatusText(callStatus(t, nil, "GET", e.URL+"/api/users/"+me.ID, nil, nil)))
				parts = append(parts, "thread "+commentIDs(e.threadOf(t, nil, benList)))
				var l struct{ CommentCount int }
				call(t, nil, "GET", benList, nil, &l)
				parts = append(parts, "count "+string(rune('0'+l.CommentCount)))
				return strings.Join(parts, " | ")
			}
			const shown = "/api/lists | /api/lists?q=zyzzogeton | /api/home | list page OK | user page OK | thread ben alone,fan was here,reply to fan | count 3"
			if got := seen(); got != shown {
				t.Fatalf("before:\n%s\nwant\n%s", got, shown)
			}
			// The moderator finds the fan by the start of the name or the exact address.
			for _, q := range []string{"FA", "Fan@Example.com"} {
				var found struct{ Users []struct{ ID string } }
				if res := call(t, mod, "GET", e.URL+"/api/moderation/users?q="+q, nil, &found); res.StatusCode != 200 ||
					len(found.Users) != 1 || found.Users[0].ID != me.ID {
					t.Errorf("search %q: %d %+v", q, res.StatusCode, found)
				}
			}
			wantError(t, mod, "GET", e.URL+"/api/moderation/users?q=fa&cursor=YQpi", nil, 400, "validation", "That page link has expired; search again.")
			wantError(t, mod, "GET", e.URL+"/api/moderation/users/nobody", nil, 404, "user_not_found", "No such account.")
			stream := holdStream(t, fan, e.URL+"/api/notifications/stream")
			suspension := e.URL + "/api/moderation/users/" + me.ID + "/suspension"
			until := time.Date(2099, 12, 3, 0, 0, 0, 0, time.UTC)

			if s := callStatus(t, ben, "POST", suspension, map[string]any{"reason": "Spam"}, nil); s != 403 {
				t.Errorf("a fan suspends: %d", s)
			}
			wantError(t, mod, "POST", suspension, map[string]any{"reason": "  "}, 400, "validation", "Say why the account is suspended.")
			wantError(t, mod, "POST", suspension, map[string]any{"reason": "Spam", "until": time.Now().Add(-time.Hour)}, 400, "validation",
				"The end date must be in the future.")
			wantError(t, mod, "POST", e.URL+"/api/moderation/users/"+modUser.ID+"/suspension", map[string]any{"reason": "me"}, 409, "moderator",
				"A moderator cannot be suspended. Revoke their moderator role first.")
			var c userCaseJSON
			if res := call(t, mod, "POST", suspension, map[string]any{"reason": "Spam everywhere", "until": until}, &c); res.StatusCode != 200 ||
				c.User.Suspension == nil || c.User.Suspension.Reason != "Spam everywhere" || !c.User.Suspension.Until.Equal(until) ||
				len(c.Actions) != 1 || c.Actions[0].Action != "suspend" || c.Actions[0].AdminName != "Mod" {
				t.Fatalf("suspend: %d %+v", res.StatusCode, c)
			}

			// The fan's open stream ends, and their session with it.
			select {
			case _, open := <-stream.events:
				for open {
					_, open = <-stream.events
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the suspended fan's stream is still open")
			}
			wantError(t, fan, "GET", e.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")
			const refused = "Your account is suspended until 3 December 2099."
			wantError(t, newClient(), "POST", e.URL+"/api/auth/login", creds{"fan@example.com", goodPassword}, 403, "account_suspended", refused)
			wantError(t, newClient(), "POST", e.URL+"/api/auth/login", creds{"fan@example.com", "wrong-password-here"}, 401, "wrong_password",
				"Incorrect password. Please try again.")
			token, hash := auth.NewToken()
			if err := e.store.CreatePasswordReset(ctx, hash, me.ID, time.Now(), time.Now().Add(time.Hour), nil); err != nil {
				t.Fatal(err)
			}
			viaReset := newClient()
			wantError(t, viaReset, "POST", e.URL+"/api/auth/password-reset/confirm", map[string]string{"token": token, "password": "a-brand-new-secret"},
				403, "account_suspended", refused)
			if s := callStatus(t, viaReset, "GET", e.URL+"/api/me", nil, nil); s != 401 {
				t.Errorf("a reset link signed the suspended fan in: %d", s)
			}

			const hidden = "list page Not Found | user page Not Found | thread ben alone | count 1"
			if got := seen(); got != hidden {
				t.Errorf("suspended:\n%s\nwant\n%s", got, hidden)
			}
			wantError(t, nil, "GET", e.URL+"/api/users/"+me.ID, nil, 404, "user_suspended", "This account is suspended.")
			if s := callStatus(t, mod, "GET", e.URL+"/api/users/"+me.ID, nil, nil); s != 200 {
				t.Errorf("a moderator opens the suspended fan's page: %d", s)
			}

			if s := callStatus(t, ben, "DELETE", suspension, nil, nil); s != 403 {
				t.Errorf("a fan restores: %d", s)
			}
			var restored userCaseJSON
			if res := call(t, mod, "DELETE", suspension, nil, &restored); res.StatusCode != 200 || restored.User.Suspension != nil ||
				restored.Actions[0].Action != "unsuspend" {
				t.Fatalf("restore: %d %+v", res.StatusCode, restored)
			}
			wantError(t, mod, "DELETE", suspension, nil, 409, "not_suspended", "This account is not suspended.")
			if got := seen(); got != shown {
				t.Errorf("restored:\n%s\nwant\n%s", got, shown)
			}
			// The reset link spent while suspended set the new password.
			if s := callStatus(t, newClient(), "POST", e.URL+"/api/auth/login", creds{"fan@example.com", "a-brand-new-secret"}, nil); s != 200 {
				t.Errorf("sign-in after restore: %d", s)
			}
			if diffs, err := e.store.VerifyAggregates(ctx); err != nil || len(diffs) > 0 {
				t.Errorf("verify: %v %v", diffs, err)
			}
		})
	}
}

// A suspension without an end date says so, and refuses a session that raced it; one
// whose end date passed lets the fan in before the sweep has restored the account.
func TestSuspensionEndDates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newAuthEnvOn(t, nil, st)
		call(t, newClient(), "POST", e.URL+"/api/auth/signup", creds{"fan@example.com", goodPassword}, nil)
		fan, err := st.UserByEmail(ctx, "fan@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Suspend(ctx, fan.ID, model.Suspension{Since: time.Now(), Reason: "x"}, &model.Action{ID: "a1", CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		wantError(t, newClient(), "POST", e.URL+"/api/auth/login", creds{"fan@example.com", goodPassword}, 403, "account_suspended",
			"Your account is suspended.")
		// A session that raced the suspension (started after its sessions were ended) is refused too.
		raced := e.clientWithSession(t, st, fan)
		if s := callStatus(t, raced, "GET", e.URL+"/api/me", nil, nil); s != 401 {
			t.Errorf("a session started while suspended: %d", s)
		}
		if _, err := st.DB().ExecContext(ctx, `UPDATE users SET suspended_until = $2 WHERE id = $1`, fan.ID, time.Now().Add(-time.Minute).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		c := newClient()
		if s := callStatus(t, c, "POST", e.URL+"/api/auth/login", creds{"fan@example.com", goodPassword}, nil); s != 200 {
			t.Fatalf("sign-in after the end date: %d", s)
		}
		if s := callStatus(t, c, "GET", e.URL+"/api/me", nil, nil); s != 200 {
			t.Errorf("the session after the end date: %d", s)
		}
		if s := callStatus(t, raced, "GET", e.URL+"/api/me", nil, nil); s != 200 {
			t.Errorf("the raced session after the end date: %d", s)
		}
	})
}

// Signing in through a provider to a suspended account lands on the login page, which is
// told why and until when; no session is started.
func TestSuspendedProviderSignInIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		e := newAuthEnvOn(t, fake.Env(), st)
		c := newClient()
		signInWith(t, e, c, "google", "/")
		var me meBody
		call(t, c, "GET", e.URL+"/api/me", nil, &me)
		until := time.Date(2099, 12, 3, 0, 0, 0, 0, time.UTC)
		if err := st.Suspend(context.Background(), me.ID, model.Suspension{Since: time.Now(), Until: until, Reason: "x"},
			&model.Action{ID: "a1", CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		again := newClient()
		landed := signInWith(t, e, again, "google", "/")
		if landed.Path != "/login" || landed.Query().Get("error") != "account_suspended" || landed.Query().Get("until") != "2099-12-03T00:00:00Z" {
			t.Fatalf("landed on %s", landed)
		}
		if s := callStatus(t, again, "GET", e.URL+"/api/me", nil, nil); s != 401 {
			t.Errorf("signed in after all: %d", s)
		}
	})
}
