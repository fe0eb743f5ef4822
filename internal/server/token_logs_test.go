package server

import (
	"bytes"
	"log/slog"
	neturl "net/url"
	"strings"
	"sync"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// lockedBuffer is a log sink several goroutines (requests, the mail worker) write to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// No token is ever written to a log: through a sign-up, its verification, a reset and its
// confirmation, with mail going to the outbox (the case that once logged reset links),
// logging everything down to debug.
func TestNoTokenInLogs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		var logs lockedBuffer
		ts := newAuthEnvLogging(t, nil, st, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
		c := newClient()
		call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
		verify := verifyToken(t, ts, "ann@example.com", 0)
		get(t, ts.URL+"/login?verify="+verify, nil) // the page the link opens
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": verify}, nil); st != 200 {
			t.Fatalf("verify: %d", st)
		}
		call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, nil)
		reset := resetLink.FindStringSubmatch(awaitOutbox(t, ts, "ann@example.com", 1).Body)
		if reset == nil {
			t.Fatal("no reset link")
		}
		get(t, ts.URL+"/login?reset="+reset[2], nil)
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/password-reset/confirm", map[string]string{"token": reset[2], "password": "a-brand-new-secret"}, nil); st != 200 {
			t.Fatalf("reset: %d", st)
		}
		var session string
		for _, ck := range c.Jar.Cookies(mustURL(ts.URL)) {
			if ck.Name == SessionCookie {
				session = ck.Value
			}
		}
		out := logs.String()
		if !strings.Contains(out, "mail written to outbox") || !strings.Contains(out, "request") {
			t.Fatalf("the logs did not see the flow:\n%s", out)
		}
		for name, token := range map[string]string{"verification": verify, "reset": reset[2], "session": session} {
			if token == "" || strings.Contains(out, token) {
				t.Errorf("the %s token %q is in the logs (or missing):\n%s", name, token, out)
			}
		}
	})
}

func mustURL(raw string) *neturl.URL {
	u, err := neturl.Parse(raw)
	if err != nil {
		panic(err)
	}
	return u
}
