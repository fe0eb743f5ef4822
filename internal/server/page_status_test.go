package server

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// TestMissingPagesAnswer404: a list page whose list is missing, or one its reader may
// not see, and the rankings page of a missing user answer 404 (still with the app,
// which shows its message), so search engines and link checkers see no page; what the
// reader may see answers 200.
func TestMissingPagesAnswer404(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		env := newEnvOn(t, st)
		owner, u := env.signedIn(t, "Maddy")
		other, _ := env.signedIn(t, "Ozzy")
		ctx := context.Background()
		mk := func(name string, public bool, at time.Time) *model.List {
			l, err := st.CreateList(ctx, u.ID, lists.IDs(at), model.ListContent{Name: name, IsPublic: public,
				Tags: []string{"survivor-ranking"}, Items: []model.Item{{ID: "parvati-shallow", Name: "Parvati Shallow", ImageURL: "/x"}}}, at)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		now := time.Now()
		pub, priv := mk("Best Winners", true, now), mk("Secret Picks", false, now.Add(time.Millisecond))
		for _, c := range []struct {
			who    string
			client *http.Client
			path   string
			status int
		}{
			{"visitor", nil, "/list/" + u.ID + "/" + pub.ID, 200},
			{"visitor", nil, "/list/" + u.ID + "/" + priv.ID, 404},
			{"visitor", nil, "/list/" + u.ID + "/list_404", 404},
			{"visitor", nil, "/list/nobody/list_1", 404},
			{"owner", owner, "/list/" + u.ID + "/" + priv.ID, 200},
			{"another user", other, "/list/" + u.ID + "/" + priv.ID, 404},
			{"another user", other, "/list/" + u.ID + "/" + pub.ID, 200},
			{"visitor", nil, "/rankings/user/" + u.ID, 200},
			{"visitor", nil, "/rankings/user/nobody", 404},
		} {
			client := c.client
			if client == nil {
				client = http.DefaultClient
			}
			res, err := client.Get(env.URL + c.path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.status || !strings.Contains(string(b), "id=root") ||
				!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("%s %s: %d %q %q, want %d with the app", c.who, c.path, res.StatusCode,
					res.Header.Get("Content-Type"), b, c.status)
			}
		}
	})
}
