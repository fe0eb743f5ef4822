package server

// TestStreamSoak opens and closes live streams many times over many accounts and
// client addresses, with clients vanishing mid-write and readers that never read
// present throughout, while fans' notifications are timed. At the end every place of
// every account, client and the process is given back and castaway_event_streams is 0.
// `go test` runs it small; `make bench` (and `make bench-streams` alone) runs it at
// full size, with CASTAWAY_STREAM_SOAK_OUT naming the folder its figures go to
// (CASTAWAY_STREAM_SOAK_CYCLES shortens a run, CASTAWAY_STREAM_SOAK_RATE paces it):
//
//	CASTAWAY_STREAM_SOAK=full go test -count=1 -run '^TestStreamSoak$' -v -timeout 60m ./internal/server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/events"
	"castaway/internal/live"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

type soakSize struct {
	cycles, accounts, addresses, stalled, fans, workers int
	// rate paces the cycles (per second; 0: as fast as they go). A site's churn comes at
	// some rate; flat out, the machine is saturated and every latency is its queue.
	rate int
}

func soakSizeFromEnv() soakSize {
	size := soakSize{cycles: 1500, accounts: 100, addresses: 20, stalled: 50, fans: 4, workers: 16}
	if os.Getenv("CASTAWAY_STREAM_SOAK") == "full" {
		// 1,000 streams opened and ended a second: a node's whole audience reconnecting
		// after a deploy. CASTAWAY_STREAM_SOAK_RATE=0 runs flat out.
		size = soakSize{cycles: 100_000, accounts: 1000, addresses: 200, stalled: 500, fans: 20, workers: 32, rate: 1000}
	}
	if r, err := strconv.Atoi(os.Getenv("CASTAWAY_STREAM_SOAK_RATE")); err == nil {
		size.rate = r
	}
	if n, err := strconv.Atoi(os.Getenv("CASTAWAY_STREAM_SOAK_CYCLES")); err == nil && n > 0 { // a shorter full-size run
		size.cycles = n
	}
	return size
}

func TestStreamSoak(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) { streamSoak(t, st, soakSizeFromEnv()) })
}

func streamSoak(t *testing.T, st *store.Store, size soakSize) {
	hub, err := notify.NewHub(events.NewLocal(), time.Second, quietLog) // a left client is found within a second
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	e := newEnvWithSettings(t, st, hub, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
	addr := strings.TrimPrefix(e.URL, "http://")
	const voters, savers = 200, 100 // enough voters that the upvote limits never refuse one
	tokens, ids := soakUsers(t, st, size.accounts+size.fans+voters+savers)
	accounts := tokens[:size.accounts]
	fans, fanIDs := tokens[size.accounts:size.accounts+size.fans], ids[size.accounts:size.accounts+size.fans]
	voterTokens := tokens[size.accounts+size.fans : size.accounts+size.fans+voters]
	saverTokens := tokens[size.accounts+size.fans+voters:]
	address := func(i int) string { return fmt.Sprintf("198.51.%d.%d", 100+i/250, i%250+1) }

	ctx, stop := context.WithCancel(context.Background())
	var background sync.WaitGroup

	// Readers that never read, size.stalled at a time from the first tenth of the
	// addresses: the server closes each by its write deadline once a save fills it, and
	// each is replaced by a fresh one a little after that deadline.
	stalledFrom := max(1, size.stalled/10)
	var stalledOpened atomic.Int64
	for i := range size.stalled {
		background.Go(func() {
			for ctx.Err() == nil {
				conn, err := dialStalled(addr, "/api/legacy-rankings/stream", address(i%stalledFrom))
				if err != nil {
					t.Errorf("stalled reader: %v", err)
					return
				}
				stalledOpened.Add(1)
				select {
				case <-ctx.Done():
				case <-time.After(live.WriteTimeout + time.Second):
				}
				conn.Close()
			}
		})
	}
	// Large legacy saves, so the stalled readers stall.
	var saves atomic.Int64
	background.Go(func() {
		for n := 0; ctx.Err() == nil; n++ {
			res := soakCall(t, "PUT", e.URL+"/api/legacy-rankings", saverTokens[n%savers], address(n%size.addresses), bigLegacy(n))
			if res == http.StatusOK {
				saves.Add(1)
			}
			select {
			case <-ctx.Done():
			case <-time.After(250 * time.Millisecond):
			}
		}
	})
	// Memory, sampled.
	var peakHeap atomic.Uint64
	background.Go(func() {
		for ctx.Err() == nil {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peakHeap.Load() {
				peakHeap.Store(m.HeapInuse)
			}
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
		}
	})

	// Fans' notifications, timed from the upvote's answer (the event is committed) to its
	// arrival on the fan's stream; the upvote's own round trip is kept apart, as the
	// write's cost under this load rather than the delivery's.
	var latencies, upvotes []time.Duration
	streams := make([]heldStream, size.fans)
	for i := range streams {
		c := &http.Client{Transport: &soakTransport{token: fans[i], xff: address(i)}}
		streams[i] = holdStream(t, c, e.URL+"/api/notifications/stream")
	}
	background.Go(func() {
		defer func() {
			for _, s := range streams {
				s.end()
			}
		}()
		unread := make([]int, size.fans)
		for n := 0; ctx.Err() == nil; n++ {
			f := n % size.fans
			list := fmt.Sprintf("soak_%d", n)
			e.makeCommunityList(t, fanIDs[f], list, "Heroes", true)
			sent := time.Now()
			if status := soakCall(t, "PUT", e.URL+"/api/lists/"+fanIDs[f]+"/"+list+"/upvote", voterTokens[n%voters], address(n%size.addresses), nil); status != http.StatusOK {
				t.Errorf("upvote: %d", status)
				return
			}
			answered := time.Now()
			unread[f]++
			want := fmt.Sprintf(`"unreadCount":%d`, unread[f])
			for arrived := false; !arrived; {
				select {
				case ev, open := <-streams[f].events:
					if !open {
						t.Error("a fan's stream ended")
						return
					}
					arrived = strings.Contains(ev.data, want+",") || strings.Contains(ev.data, want+"}")
				case <-time.After(10 * time.Second):
					t.Errorf("a fan's notification did not arrive")
					return
				}
			}
			latencies = append(latencies, time.Since(answered))
			upvotes = append(upvotes, answered.Sub(sent))
		}
	})

	// The cycles: open a stream and end it one of three ways.
	start := time.Now()
	var next, refused atomic.Int64
	var cycles sync.WaitGroup
	for range size.workers {
		cycles.Go(func() {
			for {
				n := int(next.Add(1)) - 1
				if n >= size.cycles || t.Failed() {
					return
				}
				if size.rate > 0 { // pacing, not waiting for a condition
					time.Sleep(time.Until(start.Add(time.Duration(n) * time.Second / time.Duration(size.rate))))
				}
				path, token := "/api/notifications/stream", accounts[n%size.accounts]
				if n%4 == 3 {
					path, token = "/api/legacy-rankings/stream", "" // a visitor's
				}
				status, err := soakCycle(addr, path, token, address(stalledFrom+n%(size.addresses-stalledFrom)), n%3)
				switch {
				case err != nil:
					t.Errorf("cycle %d: %v", n, err)
				case status != http.StatusOK && status != 0:
					refused.Add(1)
				}
			}
		})
	}
	cycles.Wait()
	elapsed := time.Since(start)
	stop()
	background.Wait()
	if t.Failed() {
		return
	}
	awaitNoStreams(t, e, e.srv.hub.Beat)

	slices.Sort(latencies)
	slices.Sort(upvotes)
	quantile := func(ds []time.Duration, q float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		return ds[min(len(ds)-1, int(q*float64(len(ds))))]
	}
	p := func(q float64) time.Duration { return quantile(latencies, q) }
	up := func(q float64) time.Duration { return quantile(upvotes, q) }
	total, accountsHeld, clientsHeld := e.srv.liveStreams.Held()
	_, peakHeld := e.srv.liveStreams.Pending()
	t.Logf("%d stream cycles in %v (%.0f/s) over %d accounts and %d addresses, %d refused; "+
		"%d stalled readers opened (%d at a time), %d large saves; "+
		"%d notifications: p50 %v, p99 %v, max %v (the upvotes answered in p50 %v, p99 %v); peak heap in use %d MB, peak RSS %d MB, peak held for streams %d KB; "+
		"%.0f stream reads; at the end: %d places, %d accounts, %d clients, castaway_event_streams %d",
		size.cycles, elapsed.Round(time.Millisecond), float64(size.cycles)/elapsed.Seconds(), size.accounts, size.addresses, refused.Load(),
		stalledOpened.Load(), size.stalled, saves.Load(),
		len(latencies), p(0.5), p(0.99), p(1), up(0.5), up(0.99), peakHeap.Load()>>20, procStatusKB("VmHWM:")>>10, peakHeld>>10,
		testutil.ToFloat64(e.srv.metrics.streamReads), total, accountsHeld, clientsHeld, e.srv.hub.Streams())
	if dir := os.Getenv("CASTAWAY_STREAM_SOAK_OUT"); dir != "" { // make bench's report reads it
		engine := t.Name()[strings.LastIndex(t.Name(), "/")+1:]
		figures := fmt.Sprintf("rate=%d\ncycles=%d\nms=%d\naccounts=%d\naddresses=%d\nrefused=%d\nstalled=%d\nstalled_opened=%d\nsaves=%d\n"+
			"notifications=%d\np50_us=%d\np99_us=%d\nmax_us=%d\nupvote_p50_us=%d\nupvote_p99_us=%d\npeak_heap_mb=%d\npeak_rss_mb=%d\npeak_held_kb=%d\n"+
			"end_places=%d\nend_accounts=%d\nend_clients=%d\nend_streams=%d\n",
			size.rate, size.cycles, elapsed.Milliseconds(), size.accounts, size.addresses, refused.Load(), size.stalled, stalledOpened.Load(), saves.Load(),
			len(latencies), p(0.5).Microseconds(), p(0.99).Microseconds(), p(1).Microseconds(), up(0.5).Microseconds(), up(0.99).Microseconds(),
			peakHeap.Load()>>20, procStatusKB("VmHWM:")>>10, peakHeld>>10,
			total, accountsHeld, clientsHeld, e.srv.hub.Streams())
		if err := os.WriteFile(fmt.Sprintf("%s/stream_soak__%s__%d.txt", dir, engine, size.rate), []byte(figures), 0o644); err != nil {
			t.Error(err)
		}
	}
	if refused.Load() != 0 {
		t.Errorf("%d streams refused: places were held by ended ones", refused.Load())
	}
	// Flat out, the churn saturates the machine and every latency is its queue: the target
	// holds for paced churn (the report shows both).
	if os.Getenv("CASTAWAY_STREAM_SOAK") == "full" && size.rate > 0 && p(0.99) > 100*time.Millisecond {
		t.Errorf("notifications' p99 %v behind stalled readers, want under 100 ms", p(0.99))
	}
}

// soakCycle opens path as token ("" for a visitor) from xff and ends it: 0 after
// its first event, 1 vanishing (a reset) before reading anything, so the server's
// writes fail, 2 vanishing after the head. It answers the status (0 when not read).
func soakCycle(addr, path, token, xff string, how int) (int, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	cookie := ""
	if token != "" {
		cookie = "Cookie: " + SessionCookie + "=" + token + "\r\n"
	}
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nX-Forwarded-For: %s\r\n%s\r\n", path, addr, xff, cookie); err != nil {
		return 0, err
	}
	if how == 1 {
		conn.(*net.TCPConn).SetLinger(0)
		return 0, nil
	}
	r := bufio.NewReader(conn)
	line, err := r.ReadString('\n')
	if err != nil {
		return 0, err
	}
	var status int
	if _, err := fmt.Sscanf(line, "HTTP/1.1 %d", &status); err != nil {
		return 0, fmt.Errorf("status line %q", line)
	}
	if status != http.StatusOK || how == 2 {
		conn.(*net.TCPConn).SetLinger(0)
		return status, nil
	}
	for data := false; ; {
		line, err := r.ReadString('\n')
		if err != nil {
			return status, err
		}
		if strings.HasPrefix(line, "data: ") {
			data = true
		} else if data && line == "\n" {
			return status, nil
		}
	}
}

// soakUsers makes n users with a session each, in one transaction.
func soakUsers(t *testing.T, st *store.Store, n int) (tokens, ids []string) {
	ctx := context.Background()
	now := time.Now()
	tx, err := st.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for i := range n {
		id := model.NewID()
		name := fmt.Sprintf("Soak%05d", i)
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, email_key, display_name, name_key, idols_found, created_at)
			VALUES ($1, $2, $2, $3, $4, 0, $5)`, id, strings.ToLower(name)+"@example.com", name, auth.NameKey(name), now.UnixMilli()); err != nil {
			t.Fatal(err)
		}
		token, hash := auth.NewToken()
		if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, public_id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`,
			hash, model.NewID(), id, now.UnixMilli(), now.Add(time.Hour).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		tokens, ids = append(tokens, token), append(ids, id)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return tokens, ids
}

// soakTransport signs requests in as token, from xff.
type soakTransport struct{ token, xff string }

func (c *soakTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r.Header.Set("Cookie", SessionCookie+"="+c.token)
	r.Header.Set("X-Forwarded-For", c.xff)
	return http.DefaultTransport.RoundTrip(r)
}

// soakCall sends body as JSON, signed in as token from xff, and answers the status.
func soakCall(t *testing.T, method, url, token, xff string, body any) int {
	c := &http.Client{Transport: &soakTransport{token: token, xff: xff}}
	res := call(t, c, method, url, body, nil)
	io.Copy(io.Discard, res.Body)
	return res.StatusCode
}
