package server

import (
	"net/http"
	"testing"

	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// An address holding a character that shows nothing or turns text around reads as
// another's ("vic\u200btim@example.com" as the victim's): sign-up and an address change
// refuse it for the email field, and a reset request for one matches no account, not even
// one stored with it before.
func TestEmailAddressesRefuseHiddenCharacters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newAuthEnvOn(t, nil, st)
		ann := newClient()
		call(t, ann, "POST", e.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
		for _, email := range []string{"vic\u200btim@example.com", "\u202emoc.elpmaxe@mitciv", "victim@exa\u2066mple.com", "victim\ufeff@example.com"} {
			for _, tc := range []struct {
				c            *http.Client
				method, path string
				body         any
			}{
				{nil, "POST", "/api/auth/signup", creds{email, goodPassword}},
				{ann, "PUT", "/api/me/email", map[string]string{"email": email, "password": goodPassword}},
			} {
				var refused struct {
					Error struct{ Code, Message, Field string }
				}
				res := call(t, tc.c, tc.method, e.URL+tc.path, tc.body, &refused)
				if res.StatusCode != 400 || refused.Error.Field != "email" || refused.Error.Message != problem.MsgEmailHidden {
					t.Errorf("%s %s %+q: %d %+v, want 400 %q for the email field", tc.method, tc.path, email, res.StatusCode, refused.Error, problem.MsgEmailHidden)
				}
			}
		}

		withPassword(t, st, "planted\u200b@example.com", goodPassword)
		if s := callStatus(t, newClient(), "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": "planted\u200b@example.com"}, nil); s != 200 {
			t.Fatalf("reset request: %d", s)
		}
		// The sign-up's mail to ann arrives after any reset mail queued before it.
		call(t, ann, "POST", e.URL+"/api/me/email/verification", nil, nil)
		awaitOutbox(t, e, "ann@example.com", 1)
		if got := outbox(t, e, "planted\u200b@example.com"); len(got) != 0 {
			t.Fatalf("a reset link went to the hidden address: %d mails", len(got))
		}
	})
}
