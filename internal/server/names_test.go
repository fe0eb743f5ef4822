package server

import (
	"net/http"
	"testing"

	"castaway/internal/auth/authtest"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// One look-alike rule for every way a name is made: sign-up and provider sign-in, which
// pick a name, get the first free numbered one; a rename to a look-alike is refused. A
// name is stored with its runs of spaces drawn as one.
func TestLookAlikeNamesOnEveryWayIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		ts := newAuthEnvOn(t, fake.Env(), st)
		var me meBody
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"joeyyeya@example.com", goodPassword}, &me); res.StatusCode != 201 || me.DisplayName != "joeyyeya" {
			t.Fatalf("sign-up as joeyyeya: %d %+v", res.StatusCode, me)
		}
		// The same letters in Cyrillic: the address's name is taken by its look-alike.
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"јоеууеуа@example.com", goodPassword}, &me); res.StatusCode != 201 || me.DisplayName != "јоеууеуа2" {
			t.Fatalf("sign-up as Cyrillic joeyyeya: %d %q, want 201 %q", res.StatusCode, me.DisplayName, "јоеууеуа2")
		}
		// A provider's name in capital Cyrillic: both it and its "2" have look-alikes.
		fake.SetUser("google", authtest.User{Subject: "google-joey", Email: "joey@gmail.com", EmailVerified: true, Name: "Јоеууеуа"})
		c := newClient()
		signInWith(t, ts, c, "google", "/")
		if res := call(t, c, "GET", ts.URL+"/api/me", nil, &me); res.StatusCode != 200 || me.DisplayName != "Јоеууеуа3" {
			t.Fatalf("provider sign-in as Cyrillic Joeyyeya: %d %q, want %q", res.StatusCode, me.DisplayName, "Јоеууеуа3")
		}

		// Greek and Cyrillic capitals that draw as Latin ones, from an address, Google and
		// Twitter: each gets the first free numbered name.
		for _, n := range []string{"TAMMY", "MAX", "BETH", "KATE", "TOBY", "HOPE", "Tom West"} {
			ts.signedIn(t, n)
		}
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"ΤΑΜΜΥ@example.com", goodPassword}, &me); res.StatusCode != 201 || me.DisplayName != "ΤΑΜΜΥ2" {
			t.Errorf("sign-up as Greek TAMMY: %d %q, want 201 %q", res.StatusCode, me.DisplayName, "ΤΑΜΜΥ2")
		}
		for provider, name := range map[string]string{"google": "МАХ", "twitter": "ΒΕΤΗ"} {
			fake.SetUser(provider, authtest.User{Subject: provider + "-" + name, Email: provider + "@example.com", EmailVerified: true, Name: name})
			c := newClient()
			signInWith(t, ts, c, provider, "/")
			if res := call(t, c, "GET", ts.URL+"/api/me", nil, &me); res.StatusCode != 200 || me.DisplayName != name+"2" {
				t.Errorf("%s sign-in as %q: %d %q, want %q", provider, name, res.StatusCode, me.DisplayName, name+"2")
			}
		}

		ts.signedIn(t, "bill")
		renamer, _ := ts.signedIn(t, "Renamer")
		for _, tc := range []struct {
			name   string
			status int
			want   string
		}{
			{"јоеууеуа", http.StatusConflict, problem.MsgUsernameTaken},
			{"biII", http.StatusConflict, problem.MsgUsernameTaken}, // capital I for l
			{"BILL", http.StatusConflict, problem.MsgUsernameTaken},
			{"ᎪᎠᎷᎥᏁ", http.StatusBadRequest, problem.MsgUsernameAlphabet}, // Cherokee
			{"ᴀᴅᴍɪɴ", http.StatusBadRequest, problem.MsgUsernameAlphabet}, // small capitals
			{"admin丶", http.StatusBadRequest, problem.MsgUsernameMixed},   // a CJK stroke after Latin letters
			{"ΚΑΤΕ", http.StatusConflict, problem.MsgUsernameTaken},       // Greek capitals
			{"ΤΟΒΥ", http.StatusConflict, problem.MsgUsernameTaken},
			{"ΗΟΡΕ", http.StatusConflict, problem.MsgUsernameTaken},
			{"ΒΕΤΗ", http.StatusConflict, problem.MsgUsernameTaken},
			{"КАТЕ", http.StatusConflict, problem.MsgUsernameTaken}, // Cyrillic capitals
			{"ТОВУ", http.StatusConflict, problem.MsgUsernameTaken},
			{"Tom   West", http.StatusConflict, problem.MsgUsernameTaken}, // draws as "Tom West"
			{"Survivor  Rankings", http.StatusBadRequest, problem.MsgUsernameReserved},
		} {
			var got apiErr
			if status := callStatus(t, renamer, "PATCH", ts.URL+"/api/me", map[string]any{"displayName": tc.name}, &got); status != tc.status || got.Error.Message != tc.want {
				t.Errorf("rename to %q: %d %q, want %d %q", tc.name, status, got.Error.Message, tc.status, tc.want)
			}
		}
		if status := callStatus(t, renamer, "PATCH", ts.URL+"/api/me", map[string]any{"displayName": " Bill   Two "}, &me); status != 200 || me.DisplayName != "Bill Two" {
			t.Errorf("a free name: %d %q", status, me.DisplayName)
		}
	})
}
