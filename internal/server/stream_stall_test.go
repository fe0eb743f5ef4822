package server

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/live"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// stalledStream connects to path on addr with a tiny receive buffer, asks for the
// stream and never reads: the reader an attacker leaves hanging.
func stalledStream(t testing.TB, addr, path string) net.Conn {
	t.Helper()
	conn, err := dialStalled(addr, path, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// dialStalled is stalledStream from xff (when not "").
func dialStalled(addr, path, xff string) (net.Conn, error) {
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
		return err
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	header := ""
	if xff != "" {
		header = "X-Forwarded-For: " + xff + "\r\n"
	}
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n", path, addr, header); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

// bigLegacy is a legacy record near its largest: three lists of 100 contestants, each
// with a full note; n makes each save different.
func bigLegacy(n int) map[string]any {
	var items []map[string]any
	seen := map[string]bool{}
	for _, s := range catalog.MustLoad().Seasons() {
		for _, c := range s.Contestants {
			if len(items) == 300 || seen[c.ID] {
				continue
			}
			seen[c.ID] = true
			items = append(items, map[string]any{"id": c.ID, "isSeason": false,
				"note": fmt.Sprintf("%03d ", n) + strings.Repeat("n", 270)})
		}
	}
	return legacyBody(items[:100], items[100:200], items[200:300])
}

// awaitQuota waits until ok holds of the process's stream places.
func awaitQuota(t *testing.T, e *testEnv, within time.Duration, ok func(total int) bool) {
	t.Helper()
	deadline := time.After(within)
	for {
		changed := e.srv.liveStreams.HeldChanged()
		total, _, _ := e.srv.liveStreams.Held()
		if ok(total) {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("%d stream places held after %v", total, within)
		}
	}
}

// legacyEvent is the legacy stream's event as a new stream receives it.
func legacyEvent(t *testing.T, e *testEnv) string {
	t.Helper()
	_, events := openStream(t, &http.Client{}, e.URL+"/api/legacy-rankings/stream")
	select {
	case ev := <-events:
		return "event: " + ev.name + "\ndata: " + ev.data + "\n\n"
	case <-time.After(10 * time.Second):
		t.Fatal("no legacy event")
		return ""
	}
}

// Readers that never read hold up no one: with stalled legacy streams and large saves
// going out to them, another fan's notification arrives at once; the stalled streams
// are closed by their write deadline (not waited on one after another), give their
// places back, and what the process holds for them stays within its bounds.
func TestStalledReadersDelayNoOne(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		const stalled = 60
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
		limits := e.srv.liveStreams.Limits()
		limits.PerClient, limits.PendingBudget = stalled+10, 1<<20 // a few large events' worth
		e.srv.liveStreams.SetLimits(limits)
		owner, ownerUser := e.signedIn(t, "Owner")
		fan, _ := e.signedIn(t, "Fan")
		savers := []*http.Client{}
		for i := range 2 { // 40 saves: more than one account's limit
			c, _ := e.signedIn(t, fmt.Sprintf("Saver%d", i))
			savers = append(savers, c)
		}
		list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
		inbox := holdStream(t, owner, e.URL+"/api/notifications/stream")

		addr := strings.TrimPrefix(e.URL, "http://")
		for range stalled {
			stalledStream(t, addr, "/api/legacy-rankings/stream")
		}
		awaitQuota(t, e, 10*time.Second, func(total int) bool { return total == stalled+1 })
		// Every save goes out to every stalled stream; the first fill their sockets.
		for n := range 40 {
			var problem apiErr
			if status := callStatus(t, savers[n%2], "PUT", e.URL+"/api/legacy-rankings", bigLegacy(n), &problem); status != http.StatusOK {
				t.Fatalf("save %d: %d %+v", n, status, problem)
			}
		}

		sent := time.Now()
		callStatus(t, fan, "PUT", list+"/upvote", nil, nil)
		waitFor := time.After(live.WriteTimeout / 5)
		for arrived := false; !arrived; {
			select {
			case ev, open := <-inbox.events:
				if !open {
					t.Fatal("the fan's stream ended")
				}
				arrived = strings.Contains(ev.data, `"unreadCount":1`)
			case <-waitFor:
				t.Fatalf("the notification took over %v behind %d stalled readers", live.WriteTimeout/5, stalled)
			}
		}
		t.Logf("notification delivered in %v behind %d stalled readers", time.Since(sent), stalled)

		// Each stalled stream is closed within its write deadline, all at about once.
		awaitQuota(t, e, 2*live.WriteTimeout, func(total int) bool { return total == 1 })
		if n := e.srv.hub.Streams(); n != 1 {
			t.Fatalf("%d streams subscribed, want the fan's alone", n)
		}
		// The fan's own stream may still be writing an event of its own: what must go is
		// what the closed streams held, so the count is awaited down to nothing.
		tick, deadline := time.NewTicker(10*time.Millisecond), time.After(live.WriteTimeout)
		defer tick.Stop()
		held, peak := e.srv.liveStreams.Pending()
		for ; held != 0; held, peak = e.srv.liveStreams.Pending() {
			select {
			case <-tick.C:
			case <-deadline:
				t.Fatalf("%d bytes still held for closed streams", held)
			}
		}
		event := len(legacyEvent(t, e))
		// At most one event in flight per stream, and what waits behind it within the budget.
		if bound := limits.PendingBudget + int64(stalled*event); peak > bound {
			t.Fatalf("%d bytes held at the peak, bound %d", peak, bound)
		}
		t.Logf("peak held for streams: %d KB (event %d KB)", peak>>10, event>>10)
	})
}
