package server

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"castaway/internal/store/storetest"
)

// Every paged read refuses a cursor whose keys hold a NUL or bytes that are not UTF-8 as a
// link that has expired (400), on both engines: PostgreSQL cannot take either as text,
// so such a key must never reach it.
func TestBadCursorKeysAreRefused(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			_, owner := e.signedIn(t, "Owner")
			admin, adminUser := e.signedIn(t, "Admin")
			if err := e.store.SetAdmin(context.Background(), adminUser.Email, true); err != nil {
				t.Fatal(err)
			}
			list := e.makeCommunityList(t, owner.ID, "list_1", "Heroes", true)
			cursor := func(parts ...string) string {
				return url.QueryEscape(base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, "\n"))))
			}
			for _, key := range []string{"\x00", "a\x00b", "\xff"} {
				for path, c := range map[string]string{
					"/api/lists?cursor=":                    cursor("newest", "1", "1", key, key),
					"/api/lists?sort=mostVotes&cursor=":     cursor("mostVotes", "1", "1", "u", key),
					"/api/lists?sort=oldest&q=hero&cursor=": cursor("oldest", "1", "1", key, "l"),
					"/comments?cursor=":                     cursor("1", key),
					"/remixes?cursor=":                      cursor("1", key, key),
					"/api/moderation/reports?cursor=":       cursor("1", "list", key),
					"/api/moderation/actions?cursor=":       cursor("1", key),
				} {
					target := e.URL + path + c
					if strings.HasPrefix(path, "/comments") || strings.HasPrefix(path, "/remixes") {
						target = list + path + c
					}
					var body json.RawMessage
					if st := callStatus(t, admin, "GET", target, nil, &body); st != 400 || !strings.Contains(string(body), "expired") {
						t.Errorf("%s with key %q: %d %s", path, key, st, body)
					}
				}
			}
			// The cursor the attacker sent, as sent.
			if st, _ := communityErr(t, nil, "GET", e.URL+"/api/lists?cursor=bmV3ZXN0CjEKMQoACgA", nil); st != 400 {
				t.Errorf("the reported cursor: %d", st)
			}
		})
	}
}
