package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
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
			// A link with such an id names no list: the app's page, answered 404 (no preview).
			if res := get(t, e.URL+"/list/%ff/x", nil); res.StatusCode != http.StatusNotFound || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
		})
	}
}

// Bodies that are not one clean JSON value of the request's shape are refused with a
// clear message and change nothing: trailing data, unknown fields, broken UTF-8 (it used
// to be stored as U+FFFD), and control characters such as escape and bell (they used
// to be stored).
func TestBadBodiesAreRefusedAndChangeNothing(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			c, u := e.signedIn(t, "Odd")
			list := e.makeCommunityList(t, u.ID, "list_1", "Heroes", true)
			item := `"contestants":[{"id":"s45","isSeason":true}]`
			for _, tc := range []struct {
				method, path, body, want string
			}{
				{"POST", "/api/lists", `{"name":"Heroes",` + item + `} {"name":"Villains"}`, "The request body holds more than one JSON value."},
				{"POST", "/api/lists", `{"name":"Heroes",` + item + `}garbage`, "The request body holds more than one JSON value."},
				{"POST", "/api/lists", `{"name":"Heroes","owner":"someone-else",` + item + `}`, "The field owner is not one this request takes."},
				{"POST", "/api/lists", "{\"name\":\"Hero\xffes\"," + item + "}", msgBadCharacters},
				{"POST", "/api/lists", `{"name":"Heroes\u001b[31m",` + item + `}`, msgBadCharacters},
				{"POST", list + "/comments", `{"text":"ring \u0007 ring"}`, msgBadCharacters},
				{"POST", list + "/comments", `{"text":"hi","parentId":null,"extra":1}`, "The field extra is not one this request takes."},
				{"PATCH", "/api/me", "{\"displayName\":\"Odd\xc3\"}", msgBadCharacters},
				{"PUT", "/api/me/draft", `{"name":"a"}{}`, "The request body holds more than one JSON value."},
			} {
				url := e.URL + strings.TrimPrefix(tc.path, e.URL)
				if status, msg := sendRaw(t, c, tc.method, url, tc.body); status != http.StatusBadRequest || msg != tc.want {
					t.Errorf("%s %s %q: %d %q, want 400 %q", tc.method, tc.path, tc.body, status, msg, tc.want)
				}
			}
			var mine struct{ Lists []struct{ Name string } }
			call(t, c, "GET", e.URL+"/api/users/"+u.ID+"/lists", nil, &mine)
			var thread []struct{ Text string }
			call(t, c, "GET", list+"/comments", nil, &thread)
			if len(mine.Lists) != 1 || len(thread) != 0 {
				t.Errorf("refused bodies changed something: lists %+v, comments %+v", mine.Lists, thread)
			}
		})
	}
}

// Every operation that reads a JSON body refuses one with an unknown field, one followed by
// more data, and one with a control character in a text, with a 400 and a clear message.
func TestEveryBodyIsReadStrictly(t *testing.T) {
	e := newEnv(t)
	c, u := e.signedIn(t, "Strict")
	list := e.makeCommunityList(t, u.ID, "list_1", "Heroes", true)
	var comment struct{ ID string }
	call(t, c, "POST", list+"/comments", map[string]any{"text": "first"}, &comment)
	if err := e.store.AddPoll(context.Background(), &model.Poll{ID: "season-20", Title: "S20", SeasonID: "s20", IsOpen: true, CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	for _, op := range []struct{ method, path string }{
		{"POST", "/api/auth/signup"}, {"POST", "/api/auth/login"}, {"POST", "/api/auth/password-reset"},
		{"POST", "/api/auth/password-reset/confirm"}, {"PATCH", "/api/me"}, {"PUT", "/api/me/password"},
		{"PUT", "/api/me/draft"}, {"POST", "/api/me/idols/search"}, {"POST", "/api/lists"},
		{"PUT", "/api/lists/" + u.ID + "/list_1"}, {"POST", "/api/lists/" + u.ID + "/list_1/comments"},
		{"PUT", "/api/comments/" + comment.ID + "/vote"}, {"PUT", "/api/global-rankings/season-20/submission"},
		{"POST", "/api/global-rankings/season-20/comments"}, {"PUT", "/api/legacy-rankings"},
		{"POST", "/api/reports"}, {"DELETE", "/api/me"},
	} {
		for _, bad := range []struct{ body, want string }{
			{`{"sneaky":1}`, "The field sneaky is not one this request takes."},
			{`{}{}`, "The request body holds more than one JSON value."},
			{`{"text":"a\u0007"}`, msgBadCharacters},
		} {
			if strings.Contains(bad.body, "text") && !strings.HasSuffix(op.path, "comments") {
				continue // a control character is checked in a field the operation takes
			}
			if status, msg := sendRaw(t, c, op.method, e.URL+op.path, bad.body); status != http.StatusBadRequest || msg != bad.want {
				t.Errorf("%s %s %s: %d %q, want 400 %q", op.method, op.path, bad.body, status, msg, bad.want)
			}
		}
	}
}

// sendRaw sends body as it is, as JSON, and returns the status and the error message.
func sendRaw(t *testing.T, c *http.Client, method, url, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got apiErr
	json.NewDecoder(res.Body).Decode(&got)
	return res.StatusCode, got.Error.Message
}
