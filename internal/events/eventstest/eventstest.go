// Package eventstest finds the event buses tests can run on.
package eventstest

import (
	"net"
	"net/url"
	"os"
	"testing"
	"time"
)

// NATSURL is CASTAWAY_TEST_NATS_URL (default nats://127.0.0.1:4222); the test is
// skipped, saying why, when no server answers there.
func NATSURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("CASTAWAY_TEST_NATS_URL")
	if u == "" {
		u = "nats://127.0.0.1:4222"
	}
	parsed, err := url.Parse(u)
	if err != nil {
		t.Fatalf("CASTAWAY_TEST_NATS_URL: %v", err)
	}
	c, err := net.DialTimeout("tcp", parsed.Host, 2*time.Second)
	if err != nil {
		t.Skipf("no NATS server answers at %s (start one, or set CASTAWAY_TEST_NATS_URL): %v", u, err)
	}
	c.Close()
	return u
}
