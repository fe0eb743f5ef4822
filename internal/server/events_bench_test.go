package server

// BenchmarkInboxStreams holds 10,000 open inbox streams on one server and measures
// how fast a notification reaches its recipient while the others idle, and what the
// streams cost the server in memory. The idle streams are held by a child process
// (this test binary again), so the server's memory and file descriptors are its own.
// It runs on SQLite (in-process bus) and, when CASTAWAY_TEST_POSTGRES_URL is set, on
// PostgreSQL with LISTEN/NOTIFY and with NATS (CASTAWAY_TEST_NATS_URL).
//
//	go test -run '^$' -bench InboxStreams -benchtime 300x ./internal/server
//
// A delivery is timed from sending the upvote that makes a notification to its
// recipient's stream showing it; p99-ms is over the run's deliveries.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/events"
	"castaway/internal/events/eventstest"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store/storetest"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

const (
	benchStreams    = 10_000
	benchRecipients = 20 // of the streams, held by the benchmark itself and timed
)

func BenchmarkInboxStreams(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		benchInboxStreams(b, newEnvWithHub(b, storetest.OpenSQLite(b), nil))
	})
	b.Run("postgres-listen-notify", func(b *testing.B) {
		dbURL := storetest.PostgresURL(b)
		bus, err := events.OpenPostgres(context.Background(), dbURL, "castaway_"+databaseOf(b, dbURL), quietLog)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { bus.Close() })
		benchInboxStreams(b, newEnvWithHub(b, storetest.OpenPostgres(b), benchHub(b, bus)))
	})
	b.Run("postgres-nats", func(b *testing.B) {
		natsURL := eventstest.NATSURL(b)
		dbURL := storetest.PostgresURL(b)
		bus, err := events.OpenNATS(natsURL, "castaway_"+databaseOf(b, dbURL), quietLog)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { bus.Close() })
		benchInboxStreams(b, newEnvWithHub(b, storetest.OpenPostgres(b), benchHub(b, bus)))
	})
}

func benchHub(b *testing.B, bus events.Bus) *notify.Hub {
	h, err := notify.NewHub(bus, notify.Heartbeat, quietLog)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(h.Close)
	return h
}

func benchInboxStreams(b *testing.B, env *testEnv) {
	e := &benchInboxEnv{testEnv: env, addr: strings.TrimPrefix(env.URL, "http://"), url: env.URL}
	// Every stream of the benchmark comes from one address, as no real crowd does.
	setStreamsPerClient(env, benchStreams+benchRecipients)
	ctx := context.Background()
	now := time.Now()

	// Users with sessions for every stream, in one transaction.
	tokens := make([]string, benchStreams)
	users := make([]string, benchStreams)
	tx, err := e.store.DB().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := range tokens {
		users[i] = model.NewID()
		name := fmt.Sprintf("Viewer%05d", i)
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, email_key, display_name, name_key, idols_found, created_at)
			VALUES ($1, $2, $2, $3, $4, 0, $5)`, users[i], strings.ToLower(name)+"@example.com", name, auth.NameKey(name), now.UnixMilli()); err != nil {
			b.Fatal(err)
		}
		token, hash := auth.NewToken()
		tokens[i] = token
		if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, public_id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`,
			hash, model.NewID(), users[i], now.UnixMilli(), now.Add(time.Hour).UnixMilli()); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	fan := e.clientFor(b, "Fan")

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	rssBefore := rssKB()

	// The idle streams, in a child process.
	tokenFile := filepath.Join(b.TempDir(), "tokens")
	if err := os.WriteFile(tokenFile, []byte(strings.Join(tokens[benchRecipients:], "\n")), 0o600); err != nil {
		b.Fatal(err)
	}
	child := exec.Command(os.Args[0], "-test.run=^TestInboxStreamsBenchClient$", "-test.count=1")
	child.Env = append(os.Environ(), "CASTAWAY_BENCH_STREAMS_ADDR="+e.addr, "CASTAWAY_BENCH_STREAMS_TOKENS="+tokenFile)
	child.Stderr = os.Stderr
	stdin, _ := child.StdinPipe()
	stdout, _ := child.StdoutPipe()
	start := time.Now()
	if err := child.Start(); err != nil {
		b.Fatal(err)
	}
	defer child.Wait()
	defer stdin.Close() // the child exits when its input ends
	ready := bufio.NewScanner(stdout)
	for ready.Scan() && !strings.HasPrefix(ready.Text(), "ready") {
	}
	if !strings.HasPrefix(ready.Text(), "ready") {
		b.Fatal("the stream client did not get ready")
	}
	opened := time.Since(start)

	// The timed recipients' streams, here.
	streams := make([]<-chan sseEvent, benchRecipients)
	for i := range streams {
		streams[i] = openBenchStream(b, e.url, tokens[i])
		waitInbox(b, streams[i], 0)
	}
	if n := e.srv.hub.Streams(); n != benchStreams {
		b.Fatalf("%d streams open, want %d", n, benchStreams)
	}
	// Idle: the collector runs at least every two minutes and halves the stacks
	// a quarter used each time; a few cycles reach where a quiet server settles.
	for range 4 {
		runtime.GC()
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	rssAfter := rssKB()
	readsBefore := testutil.ToFloat64(e.srv.metrics.streamReads)

	var latencies []time.Duration
	unread := make([]int, benchRecipients)
	n := 0
	for b.Loop() {
		r := n % benchRecipients
		n++
		listID := fmt.Sprintf("list_%d", n)
		if _, err := e.store.DB().ExecContext(ctx, `INSERT INTO lists (user_id, id, name, is_public, created_at, updated_at)
			VALUES ($1, $2, 'Heroes', TRUE, 1, 1)`, users[r], listID); err != nil {
			b.Fatal(err)
		}
		sent := time.Now()
		res, err := fan.Do(mustRequest(b, "PUT", e.url+"/api/lists/"+users[r]+"/"+listID+"/upvote"))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode >= 300 {
			b.Fatalf("upvote: %d", res.StatusCode)
		}
		unread[r]++
		waitInbox(b, streams[r], unread[r])
		latencies = append(latencies, time.Since(sent))
	}
	reads := testutil.ToFloat64(e.srv.metrics.streamReads) - readsBefore

	slices.Sort(latencies)
	p := func(q float64) time.Duration { return latencies[min(len(latencies)-1, int(q*float64(len(latencies))))] }
	b.ReportMetric(float64(p(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(after.HeapInuse+after.StackInuse-before.HeapInuse-before.StackInuse)/benchStreams/1024, "heap+stack-KB/stream")
	b.ReportMetric(float64(rssAfter-rssBefore)/benchStreams, "rss-KB/stream")
	b.ReportMetric(float64(rssAfter)/1024, "rss-MB")
	b.ReportMetric(float64(procStatusKB("VmHWM:"))/1024, "peak-rss-MB")
	b.ReportMetric(reads/float64(n), "stream-reads/op")
	b.Logf("%d streams opened in %v; heap in use %d MB, stacks %d MB, RSS %d MB (before the streams %d MB); %d goroutines",
		benchStreams, opened.Round(time.Millisecond), after.HeapInuse>>20, after.StackInuse>>20, rssAfter>>10, rssBefore>>10, runtime.NumGoroutine())
}

type benchInboxEnv struct {
	*testEnv
	addr string
	url  string
}

// clientFor makes a user named name and a client signed in as them.
func (e *benchInboxEnv) clientFor(b *testing.B, name string) *http.Client {
	b.Helper()
	u := &model.User{ID: model.NewID(), Email: strings.ToLower(name) + "@example.com", DisplayName: name, CreatedAt: time.Now()}
	if err := e.store.CreateUser(context.Background(), u); err != nil {
		b.Fatal(err)
	}
	token, hash := auth.NewToken()
	if err := e.store.CreateSession(context.Background(), model.NewSession{TokenHash: hash, ID: model.NewID(), UserID: u.ID, Created: time.Now(), Expires: time.Now().Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	return &http.Client{Transport: &cookieTransport{token: token}}
}

type cookieTransport struct{ token string }

func (c *cookieTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r.Header.Set("Cookie", SessionCookie+"="+c.token)
	return rawTransport.RoundTrip(r)
}

func mustRequest(b *testing.B, method, url string) *http.Request {
	r, err := http.NewRequest(method, url, nil)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// openBenchStream opens the stream of the user holding token.
func openBenchStream(b *testing.B, url, token string) <-chan sseEvent {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/notifications/stream", nil)
	req.Header.Set("Cookie", SessionCookie+"="+token)
	res, err := (&http.Transport{}).RoundTrip(req)
	if err != nil {
		b.Fatal(err)
	}
	return readEvents(res.Body)
}

// waitInbox waits for an inbox event with unread unread notifications.
func waitInbox(b *testing.B, events <-chan sseEvent, unread int) {
	b.Helper()
	want := `"unreadCount":` + strconv.Itoa(unread)
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, open := <-events:
			if !open {
				b.Fatal("stream ended")
			}
			if strings.Contains(ev.data, want+",") || strings.Contains(ev.data, want+"}") {
				return
			}
		case <-deadline:
			b.Fatalf("no inbox with %s", want)
		}
	}
}

// rssKB is this process's resident memory.
func rssKB() int64 { return procStatusKB("VmRSS:") }

// procStatusKB reads one kB figure of /proc/self/status (0 where there is none).
func procStatusKB(field string) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

// TestInboxStreamsBenchClient is BenchmarkInboxStreams's child process: it opens a
// stream per session token, reads each one's first event, says "ready" and holds
// them, reading nothing more, until its input ends. Skipped on its own.
func TestInboxStreamsBenchClient(t *testing.T) {
	addr, tokenFile := os.Getenv("CASTAWAY_BENCH_STREAMS_ADDR"), os.Getenv("CASTAWAY_BENCH_STREAMS_TOKENS")
	if addr == "" {
		t.Skip("only BenchmarkInboxStreams runs this")
	}
	data, err := os.ReadFile(tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	tokens := strings.Split(string(data), "\n")
	conns := make([]net.Conn, len(tokens))
	work := make(chan int)
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	for range 32 {
		wg.Go(func() {
			buf := make([]byte, 4096)
			for i := range work {
				c, err := net.Dial("tcp", addr)
				if err == nil {
					_, err = fmt.Fprintf(c, "GET /api/notifications/stream HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\n\r\n", addr, SessionCookie, tokens[i])
				}
				var got []byte
				for err == nil && !bytes.Contains(got, []byte("}\n\n")) { // the end of the first event
					var n int
					n, err = c.Read(buf)
					got = append(got, buf[:n]...)
				}
				if err != nil {
					select {
					case errs <- fmt.Errorf("stream %d: %w (%q)", i, err, got):
					default:
					}
					continue
				}
				conns[i] = c
			}
		})
	}
	for i := range tokens {
		work <- i
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	fmt.Println("ready", len(conns))
	io.Copy(io.Discard, os.Stdin)
	for _, c := range conns {
		c.Close()
	}
}
