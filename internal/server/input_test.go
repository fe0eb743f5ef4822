package server

import (
	"net/http"
	"strings"
	"testing"

	"castaway/internal/store/storetest"
)

// Odd input is the client's mistake on every engine: PostgreSQL refuses NUL and
// broken UTF-8 in text, and a huge page overflows the row offset.
func TestOddInputIsRefusedNotFailed(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			c, _ := e.signedIn(t, "Odd")
			for _, tc := range []struct {
				method, path string
				body         any
				want         string
			}{
				{"GET", "/api/lists?q=%00", nil, msgBadCharacters},
				{"GET", "/api/lists?q=%ff", nil, msgBadCharacters},
				{"GET", "/api/lists?page=1000000000000000000", nil, "There is no such page."},
				{"GET", "/api/lists/%ff/x", nil, msgBadCharacters},
				{"GET", "/api/users/%00/lists", nil, msgBadCharacters},
				{"PUT", "/api/comments/%ff/vote", map[string]any{"value": 1}, msgBadCharacters},
				{"POST", "/api/lists", newListBody("a\x00b", "s45"), msgBadCharacters},
				{"PUT", "/api/me/draft", map[string]any{"description": "\x00"}, msgBadCharacters},
				{"POST", "/api/auth/login", map[string]any{"email": "a\x00@example.com", "password": "long enough"}, msgBadCharacters},
				{"POST", "/api/lists", map[string]any{"name": "x", "isPublic": "yes"}, "The field isPublic has the wrong type."},
			} {
				var got apiErr
				if st := callStatus(t, c, tc.method, e.URL+tc.path, tc.body, &got); st != http.StatusBadRequest || got.Error.Message != tc.want {
					t.Errorf("%s %s: %d %q, want 400 %q", tc.method, tc.path, st, got.Error.Message, tc.want)
				}
			}
			// A link with such an id still gets the app's page, without a preview.
			if res := get(t, e.URL+"/list/%ff/x", nil); res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
		})
	}
}
