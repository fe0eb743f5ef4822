package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/events"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// awaitEnded waits up to a second for the stream to end; events before its end are
// read past.
func awaitEnded(t *testing.T, s heldStream, what string) {
	t.Helper()
	deadline := time.After(time.Second)
	for {
		select {
		case _, open := <-s.events:
			if !open {
				return
			}
		case <-deadline:
			t.Fatalf("%s: the stream is still open a second later", what)
		}
	}
}

// Ending a session ends its streams within a second, each way a session ends; the
// streams of a session still valid stay open and go on receiving.
func TestRevokedSessionEndsItsStreams(t *testing.T) {
	const password = "the-old-password"
	ways := []struct {
		name string
		// end ends the phone's session from the laptop (or the phone itself).
		end func(t *testing.T, e *testEnv, laptop, phone *http.Client, u *model.User)
		// laptopStays: the laptop's session survives it.
		laptopStays bool
	}{
		{"sign out", func(t *testing.T, e *testEnv, _, phone *http.Client, _ *model.User) {
			if status := callStatus(t, phone, "POST", e.URL+"/api/auth/logout", nil, nil); status != http.StatusNoContent {
				t.Fatalf("sign out: %d", status)
			}
		}, true},
		{"sign out everywhere", func(t *testing.T, e *testEnv, laptop, _ *http.Client, _ *model.User) {
			if status := callStatus(t, laptop, "POST", e.URL+"/api/auth/logout-everywhere", nil, nil); status != http.StatusNoContent {
				t.Fatalf("sign out everywhere: %d", status)
			}
		}, false},
		{"ended from another device", func(t *testing.T, e *testEnv, laptop, _ *http.Client, _ *model.User) {
			for _, other := range sessionsOf(t, e, laptop) {
				if !other.Current {
					if status := callStatus(t, laptop, "DELETE", e.URL+"/api/me/sessions/"+other.ID, nil, nil); status != http.StatusNoContent {
						t.Fatalf("end the phone's session: %d", status)
					}
				}
			}
		}, true},
		{"other sessions ended", func(t *testing.T, e *testEnv, laptop, _ *http.Client, _ *model.User) {
			if status := callStatus(t, laptop, "POST", e.URL+"/api/me/sessions/end-others", nil, nil); status != http.StatusNoContent {
				t.Fatalf("end the other sessions: %d", status)
			}
		}, true},
		{"password change", func(t *testing.T, e *testEnv, laptop, _ *http.Client, _ *model.User) {
			body := map[string]any{"currentPassword": password, "newPassword": "a-brand-new-secret"}
			if status := callStatus(t, laptop, "PUT", e.URL+"/api/me/password", body, nil); status != http.StatusNoContent {
				t.Fatalf("password change: %d", status)
			}
		}, false},
		{"password reset", func(t *testing.T, e *testEnv, _, _ *http.Client, u *model.User) {
			token, hash := auth.NewToken()
			if err := e.store.CreatePasswordReset(context.Background(), hash, u.ID, time.Now(), time.Now().Add(time.Hour), nil); err != nil {
				t.Fatal(err)
			}
			body := map[string]any{"token": token, "password": "a-brand-new-secret"}
			if status := callStatus(t, &http.Client{}, "POST", e.URL+"/api/auth/password-reset/confirm", body, nil); status != http.StatusOK {
				t.Fatalf("reset: %d", status)
			}
		}, false},
		{"account deletion", func(t *testing.T, e *testEnv, laptop, _ *http.Client, u *model.User) {
			body := map[string]any{"confirm": u.DisplayName, "password": password}
			if status := callStatus(t, laptop, "DELETE", e.URL+"/api/me", body, nil); status != http.StatusNoContent {
				t.Fatalf("delete: %d", status)
			}
		}, false},
	}
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		for _, way := range ways {
			t.Run(way.name, func(t *testing.T) {
				e := newEnvOn(t, st)
				u := &model.User{ID: model.NewID(), Email: model.NewID() + "@example.com", DisplayName: "Fan" + model.NewID()[:6],
					PasswordHash: auth.HashPassword(password), CreatedAt: time.Now()}
				if err := st.CreateUser(context.Background(), u); err != nil {
					t.Fatal(err)
				}
				laptop, phone := e.clientWithSession(t, st, u), e.clientWithSession(t, st, u)
				phoneInbox := holdStream(t, phone, e.URL+"/api/notifications/stream")
				phoneLegacy := holdStream(t, phone, e.URL+"/api/legacy-rankings/stream")
				laptopInbox := holdStream(t, laptop, e.URL+"/api/notifications/stream")

				way.end(t, e, laptop, phone, u)
				awaitEnded(t, phoneInbox, "the phone's inbox")
				awaitEnded(t, phoneLegacy, "the phone's legacy stream")
				if !way.laptopStays {
					awaitEnded(t, laptopInbox, "the laptop's inbox")
					awaitNoStreams(t, e, nil)
					return
				}
				// The laptop's session is still good: its stream stays and receives.
				e.srv.hub.Publish(context.Background(), u.ID)
				select {
				case _, open := <-laptopInbox.events:
					if !open {
						t.Fatal("the laptop's stream ended with the phone's session")
					}
				case <-time.After(10 * time.Second):
					t.Fatal("the laptop's stream received nothing")
				}
				laptopInbox.end()
			})
		}
	})
}

// On PostgreSQL every node hears of an ended session: signing out everywhere on one
// ends the streams the other holds, within a second.
func TestRevokedSessionEndsStreamsOnEveryNode(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	process := func() *testEnv {
		st := storetest.OpenPostgresAt(t, dbURL)
		b, err := events.OpenPostgres(context.Background(), dbURL, "castaway_"+databaseOf(t, dbURL), quietLog)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		hub, err := notify.NewHub(b, notify.Heartbeat, quietLog)
		if err != nil {
			t.Fatal(err)
		}
		return newEnvWithHub(t, st, hub)
	}
	a, b := process(), process()
	u := &model.User{ID: model.NewID(), Email: "fan@example.com", DisplayName: "Fan", CreatedAt: time.Now()}
	if err := a.store.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	onA, onB := a.clientWithSession(t, a.store, u), b.clientWithSession(t, b.store, u)
	inbox := holdStream(t, onB, b.URL+"/api/notifications/stream")
	legacy := holdStream(t, onB, b.URL+"/api/legacy-rankings/stream")
	if status := callStatus(t, onA, "POST", a.URL+"/api/auth/logout-everywhere", nil, nil); status != http.StatusNoContent {
		t.Fatalf("sign out everywhere: %d", status)
	}
	awaitEnded(t, inbox, "node B's inbox")
	awaitEnded(t, legacy, "node B's legacy stream")
	awaitNoStreams(t, b, nil)
}
