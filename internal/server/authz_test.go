package server

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"

	"github.com/getkin/kin-openapi/openapi3"
)

// Who may do what: every operation of api/openapi.yaml, asked by a signed-out visitor, by
// another user and by the owner of what it names (a private list, a comment on it, the
// owner's notification). "ok" is any answer that lets the asker through (a 400 for the
// empty body counts: the request was weighed); "any" is whatever the operation answers
// everyone alike; no operation may answer 5xx. An operation of the contract missing here
// fails the test, and so does a row for an operation the contract no longer has: one
// line per operation.
var authzMatrix = map[string][3]string{
	// operation                                      signed out, other user, owner
	"GET /healthz":                                  {"ok", "ok", "ok"},
	"GET /readyz":                                   {"ok", "ok", "ok"},
	"GET /api/catalog/seasons":                      {"ok", "ok", "ok"},
	"GET /api/seasons/consensus":                    {"ok", "ok", "ok"},
	"GET /api/seasons/{seasonId}/consensus":         {"ok", "ok", "ok"},
	"GET /api/seasons/{seasonId}/game":              {"ok", "ok", "ok"},
	"GET /api/contestants/{contestantId}/game":      {"ok", "ok", "ok"},
	"GET /api/contestants/{contestantId}":           {"ok", "ok", "ok"},
	"GET /api/contestants/{contestantId}/share.png": {"ok", "ok", "ok"},
	"POST /api/auth/signup":                         {"ok", "ok", "ok"},
	"POST /api/auth/login":                          {"ok", "ok", "ok"},
	"POST /api/auth/logout":                         {"ok", "ok", "ok"},
	"POST /api/auth/logout-everywhere":              {"401", "ok", "ok"},
	"GET /api/auth/password-policy":                 {"ok", "ok", "ok"},
	"POST /api/auth/password-reset":                 {"ok", "ok", "ok"},
	"POST /api/auth/password-reset/confirm":         {"ok", "ok", "ok"},
	"GET /api/auth/providers":                       {"ok", "ok", "ok"},
	"GET /api/auth/oauth/{provider}/start":          {"any", "any", "any"},
	"GET /api/auth/oauth/{provider}/callback":       {"any", "any", "any"},
	"GET /api/me":                                   {"401", "ok", "ok"},
	"PATCH /api/me":                                 {"401", "ok", "ok"},
	"PUT /api/me/password":                          {"401", "ok", "ok"},
	"GET /api/me/draft":                             {"401", "ok", "ok"},
	"PUT /api/me/draft":                             {"401", "ok", "ok"},
	"DELETE /api/me/draft":                          {"401", "ok", "ok"},
	"GET /api/me/favorites":                         {"401", "ok", "ok"},
	"POST /api/me/idols/search":                     {"401", "ok", "ok"},
	"GET /api/home":                                 {"ok", "ok", "ok"},
	"GET /api/lists":                                {"ok", "ok", "ok"},
	"POST /api/lists":                               {"401", "ok", "ok"},
	"GET /api/lists/{userId}/{listId}":              {"404", "404", "ok"},
	"PUT /api/lists/{userId}/{listId}":              {"401", "403", "ok"},
	"DELETE /api/lists/{userId}/{listId}":           {"401", "403", "ok"},
	"GET /api/lists/{userId}/{listId}/share.png":    {"404", "404", "ok"},
	"GET /api/lists/{userId}/{listId}/remixes":      {"404", "404", "ok"},
	"PUT /api/lists/{userId}/{listId}/upvote":       {"401", "404", "ok"},
	"DELETE /api/lists/{userId}/{listId}/upvote":    {"401", "404", "ok"},
	"PUT /api/lists/{userId}/{listId}/favorite":     {"401", "404", "ok"},
	// Letting go of a favorite works on any list, so one made private can be let go; it
	// answers the same whether the list exists or not, so it tells nothing.
	"DELETE /api/lists/{userId}/{listId}/favorite": {"401", "ok", "ok"},
	"GET /api/lists/{userId}/{listId}/comments":    {"404", "404", "ok"},
	"POST /api/lists/{userId}/{listId}/comments":   {"401", "404", "ok"},
	"PUT /api/comments/{commentId}/vote":           {"401", "404", "ok"},
	"DELETE /api/comments/{commentId}":             {"401", "404", "ok"},
	"GET /api/users/{userId}":                      {"ok", "ok", "ok"},
	"GET /api/users/{userId}/lists":                {"ok", "ok", "ok"},
	"GET /api/notifications":                       {"401", "ok", "ok"},
	"POST /api/notifications/{id}/read":            {"401", "404", "ok"},
	"POST /api/notifications/read-all":             {"401", "ok", "ok"},
	"GET /api/notifications/stream":                {"401", "ok", "ok"},
	"GET /api/global-rankings":                     {"ok", "ok", "ok"},
	"GET /api/global-rankings/{pollId}":            {"ok", "ok", "ok"},
	"GET /api/global-rankings/{pollId}/submission": {"401", "ok", "ok"},
	"PUT /api/global-rankings/{pollId}/submission": {"401", "ok", "ok"},
	"GET /api/global-rankings/{pollId}/comments":   {"ok", "ok", "ok"},
	"POST /api/global-rankings/{pollId}/comments":  {"401", "ok", "ok"},
	"GET /api/legacy-rankings":                     {"ok", "ok", "ok"},
	"PUT /api/legacy-rankings":                     {"401", "ok", "ok"},
	"GET /api/legacy-rankings/stream":              {"ok", "ok", "ok"},
	"GET /api/seasons/{seasonId}/game/stream":      {"ok", "ok", "ok"},
	"POST /api/reports":                            {"401", "ok", "ok"},
	"GET /api/me/blocks":                           {"401", "ok", "ok"},
	"PUT /api/me/blocks/{userId}":                  {"401", "ok", "ok"},
	"DELETE /api/me/blocks/{userId}":               {"401", "ok", "ok"},
	"GET /api/me/following":                        {"401", "ok", "ok"},
	"PUT /api/me/following/{userId}":               {"401", "ok", "ok"},
	"DELETE /api/me/following/{userId}":            {"401", "ok", "ok"},
	"PATCH /api/me/settings":                       {"401", "ok", "ok"},
	"GET /api/me/watching":                         {"401", "ok", "ok"},
	"PUT /api/me/watching":                         {"401", "ok", "ok"},
	"PUT /api/me/watching/{seasonId}":              {"401", "ok", "ok"},
	// Predictions: everyone's once locked (the season here is none on air: answered alike).
	"GET /api/seasons/{seasonId}/predictions":                    {"any", "any", "any"},
	"GET /api/seasons/{seasonId}/predictions/{userId}":           {"any", "any", "any"},
	"GET /api/seasons/{seasonId}/predictions/{userId}/share.png": {"any", "any", "any"},
	"GET /api/seasons/{seasonId}/predictions/following":          {"401", "any", "any"},
	"GET /api/seasons/{seasonId}/prediction":                     {"401", "any", "any"},
	"PUT /api/seasons/{seasonId}/prediction":                     {"401", "ok", "ok"},
	"PUT /api/seasons/{seasonId}/picks/{episode}":                {"401", "ok", "ok"},
	"GET /api/feed":                    {"401", "ok", "ok"},
	"GET /api/me/export":               {"401", "ok", "ok"},
	"DELETE /api/me":                   {"401", "ok", "ok"},
	"GET /api/me/sessions":             {"401", "ok", "ok"},
	"POST /api/auth/verify-email":      {"ok", "ok", "ok"},
	"PUT /api/me/email":                {"401", "ok", "ok"},
	"POST /api/me/email/verification":  {"401", "ok", "ok"},
	"DELETE /api/me/notice":            {"401", "ok", "ok"},
	"POST /api/me/sessions/end-others": {"401", "ok", "ok"},
	// {sessionId} is the owner's: another user's try ends nothing (404).
	"DELETE /api/me/sessions/{sessionId}": {"401", "404", "ok"},
	// Only admins moderate; nobody here is one (TestModeration signs one in).
	"GET /api/moderation/reports":                          {"401", "403", "403"},
	"GET /api/moderation/actions":                          {"401", "403", "403"},
	"POST /api/moderation/seasons":                         {"401", "403", "403"},
	"POST /api/moderation/seasons/{seasonId}/boots":        {"401", "403", "403"},
	"DELETE /api/moderation/seasons/{seasonId}/boots/last": {"401", "403", "403"},
	"PUT /api/moderation/seasons/{seasonId}/premiere":      {"401", "403", "403"},
	"POST /api/moderation/actions":                         {"401", "403", "403"},
	// Moderating accounts: admins only (the owner of the path's user id is no exception).
	"GET /api/moderation/users":                        {"401", "403", "403"},
	"GET /api/moderation/users/{userId}":               {"401", "403", "403"},
	"POST /api/moderation/users/{userId}/suspension":   {"401", "403", "403"},
	"DELETE /api/moderation/users/{userId}/suspension": {"401", "403", "403"},
}

// contractOperations reads "METHOD /path" for every operation of api/openapi.yaml.
func contractOperations(t *testing.T) []string {
	doc, err := openapi3.NewLoader().LoadFromFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			ops = append(ops, method+" "+path)
		}
	}
	slices.Sort(ops)
	return ops
}

func TestAuthorizationMatrix(t *testing.T) {
	ops := contractOperations(t)
	if len(ops) < 40 {
		t.Fatalf("read %d operations from the contract", len(ops))
	}
	inContract := map[string]bool{}
	for _, op := range ops {
		inContract[op] = true
	}
	for op := range authzMatrix {
		if !inContract[op] {
			t.Errorf("%s has a row in the authorization matrix but is not in api/openapi.yaml", op)
		}
	}
	for _, op := range ops {
		want, ok := authzMatrix[op]
		if !ok {
			t.Errorf("%s has no row in the authorization matrix", op)
			continue
		}
		t.Run(op, func(t *testing.T) {
			e := newEnv(t)
			owner, ownerUser := e.signedIn(t, "Owner")
			other, _ := e.signedIn(t, "Other")
			ctx := context.Background()
			e.makeCommunityList(t, ownerUser.ID, "list_private", "Secret", false)
			public := e.makeCommunityList(t, ownerUser.ID, "list_public", "Open", true)
			var comment struct{ ID string }
			call(t, owner, "POST", e.URL+"/api/lists/"+ownerUser.ID+"/list_private/comments", map[string]any{"text": "mine"}, &comment)
			call(t, other, "POST", public+"/comments", map[string]any{"text": "hello"}, nil)
			in := e.inboxOf(t, owner)
			if comment.ID == "" || len(in.Notifications) == 0 {
				t.Fatalf("setting up: comment %q, %d notifications", comment.ID, len(in.Notifications))
			}
			if err := e.store.AddPoll(ctx, &model.Poll{ID: "season-20", Title: "S20", SeasonID: "s20", IsOpen: true, CreatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			var sessions struct{ Sessions []struct{ ID string } }
			call(t, owner, "GET", e.URL+"/api/me/sessions", nil, &sessions)
			if len(sessions.Sessions) != 1 {
				t.Fatalf("setting up: the owner's sessions %+v", sessions)
			}
			method, path, _ := strings.Cut(op, " ")
			path = strings.NewReplacer("{userId}", ownerUser.ID, "{listId}", "list_private", "{commentId}", comment.ID,
				"{id}", in.Notifications[0].ID, "{pollId}", "season-20", "{seasonId}", "s20", "{provider}", "google",
				"{sessionId}", sessions.Sessions[0].ID, "{contestantId}", "parvati-shallow", "{episode}", "1").Replace(path)
			// The owner asks last: some of these end what they name.
			for i, c := range []*http.Client{nil, other, owner} {
				status := askOnce(t, c, method, e.URL+path, authzBodies[op])
				who := []string{"signed out", "another user", "the owner"}[i]
				if status >= 500 || !statusIs(status, want[i]) {
					t.Errorf("%s as %s: %d, want %s", op, who, status, want[i])
				}
			}
		})
	}
}

// askOnce sends payload (or an empty JSON object where there may be a body) and returns the status as soon
// as it is known (a live stream is left at its first byte).
func askOnce(t *testing.T, c *http.Client, method, url, payload string) int {
	t.Helper()
	if c == nil {
		c = &http.Client{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if payload == "" && method != "GET" && method != "DELETE" {
		payload = "{}"
	}
	body := strings.NewReader(payload)
	req, _ := http.NewRequestWithContext(ctx, method, url, body)
	req.Header.Set("Content-Type", "application/json")
	noRedirect := *c
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noRedirect.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	res.Body.Close()
	return res.StatusCode
}

func statusIs(status int, want string) bool {
	switch want {
	case "any":
		return true
	case "ok":
		return status != 401 && status != 403 && status != 404
	}
	return want == strconv.Itoa(status)
}

// authzBodies are well-formed bodies for operations that read theirs before they look at
// what the path names, so the answer shows who may ask rather than what is malformed.
var authzBodies = map[string]string{
	"POST /api/lists/{userId}/{listId}/comments": `{"text":"hello"}`,
	"PUT /api/comments/{commentId}/vote":         `{"value":1}`,
}
