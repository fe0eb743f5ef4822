package server

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"castaway/internal/auth"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var resetEmails atomic.Int64

// resetFrom asks for a password reset (limited per client, 20 an hour) for a new address
// each time, with the X-Forwarded-For header forwarded ("" for none); it returns the status.
func resetFrom(t *testing.T, e *testEnv, forwarded string) int {
	t.Helper()
	email := fmt.Sprintf("nobody%d@example.com", resetEmails.Add(1))
	req := jsonRequest(t, "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": email})
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// fillResets uses up the per-client reset limit with forwarded(i) as each request's header.
func fillResets(t *testing.T, e *testEnv, forwarded func(i int) string) {
	t.Helper()
	for i := range auth.DefaultLimits().ResetPerIP.Max {
		if st := resetFrom(t, e, forwarded(i)); st != http.StatusOK {
			t.Fatalf("reset %d (X-Forwarded-For %q): %d", i+1, forwarded(i), st)
		}
	}
}

// An IPv6 client is limited by its /64 (what one subscriber is given), so the 2^64
// addresses it holds are one client; another /64 is another client. IPv4 is per address,
// and an IPv4-mapped IPv6 address is that IPv4 address.
func TestIPv6ClientsAreLimitedPerSlash64(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "127.0.0.1"})
		fillResets(t, e, func(i int) string { return fmt.Sprintf("2001:db8:1:2::%x", i+1) })
		if got := resetFrom(t, e, "2001:db8:1:2:ffff:ffff:ffff:fffe"); got != http.StatusTooManyRequests {
			t.Errorf("another address in the same /64: %d, want 429", got)
		}
		if got := resetFrom(t, e, "2001:db8:1:3::1"); got != http.StatusOK {
			t.Errorf("an address in the next /64: %d, want 200", got)
		}

		fillResets(t, e, func(int) string { return "203.0.113.1" })
		if got := resetFrom(t, e, "::ffff:203.0.113.1"); got != http.StatusTooManyRequests {
			t.Errorf("the same IPv4 address, IPv4-mapped: %d, want 429", got)
		}
		if got := resetFrom(t, e, "203.0.113.2"); got != http.StatusOK {
			t.Errorf("the next IPv4 address: %d, want 200", got)
		}
	})
}

// Behind trusted proxies the client is the rightmost X-Forwarded-For entry that is not one
// of them: what a client writes itself (the leftmost entries) never wins, so changing it
// escapes no limit.
func TestClientIsTheRightmostUntrustedHop(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "10.0.0.0/8,127.0.0.1"})
		// A client spoofing a new leftmost entry each time, through two trusted proxies.
		fillResets(t, e, func(i int) string { return fmt.Sprintf("198.51.100.%d, 5.6.7.8, 10.1.2.3", i) })
		if got := resetFrom(t, e, "1.2.3.4, 5.6.7.8"); got != http.StatusTooManyRequests {
			t.Errorf("5.6.7.8 again with another spoofed entry: %d, want 429", got)
		}
		if got := resetFrom(t, e, "5.6.7.8, 1.2.3.4"); got != http.StatusOK {
			t.Errorf("client 1.2.3.4 claiming to forward for 5.6.7.8: %d, want 200 (a client of its own)", got)
		}
	})
}

// From a peer that is not a trusted proxy, X-Forwarded-For is not read at all: every request
// below comes from 127.0.0.1, whatever it claims.
func TestForwardedForFromAnUntrustedPeerIsIgnored(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_TRUST_PROXY": "10.0.0.0/8"})
	fillResets(t, e, func(i int) string { return fmt.Sprintf("198.51.100.%d", i) })
	if got := resetFrom(t, e, "203.0.113.77"); got != http.StatusTooManyRequests {
		t.Errorf("a new X-Forwarded-For from the same untrusted peer: %d, want 429", got)
	}
}
