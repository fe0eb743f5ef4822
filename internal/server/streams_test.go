package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// rawStream is an inbox stream over a bare TCP connection: far less memory on
// the client side than an http.Client per stream, so thousands fit in a test.
type rawStream struct {
	conn net.Conn
	r    *bufio.Reader
}

// openRawStream connects to the inbox stream of the session token and reads
// up to its first inbox event.
func openRawStream(base, token string) (*rawStream, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(conn, "GET /api/notifications/stream HTTP/1.1\r\nHost: %s\r\nCookie: %s=%s\r\n\r\n", u.Host, SessionCookie, token)
	s := &rawStream{conn: conn, r: bufio.NewReaderSize(conn, 512)}
	if err := s.next(); err != nil {
		conn.Close()
		return nil, err
	}
	return s, nil
}

// next reads up to the end of the chunk holding the next inbox event, skipping
// heartbeats: the event's data line, its blank line and the chunk's CRLF.
func (s *rawStream) next() error {
	data := false
	for {
		line, err := s.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			continue // the rest of a long data line
		}
		if err != nil {
			return err
		}
		if bytes.HasPrefix(line, []byte("data: ")) {
			data = true
		}
		if data && string(line) == "\r\n" {
			return nil
		}
		if bytes.Contains(line, []byte(" 401 ")) {
			return fmt.Errorf("stream refused: %s", line)
		}
	}
}

// openStreams makes n users with a session each and opens one stream per user.
func openStreams(tb testing.TB, st *store.Store, base string, n int) ([]*store.User, []*rawStream) {
	tb.Helper()
	ctx := context.Background()
	users := make([]*store.User, n)
	tokens := make([]string, n)
	for i := range n {
		u := &store.User{ID: auth.NewID(), Email: fmt.Sprintf("s%d@example.com", i), DisplayName: fmt.Sprintf("Streamer %d", i), CreatedAt: time.Now()}
		if err := st.CreateUser(ctx, u); err != nil {
			tb.Fatal(err)
		}
		token, hash := auth.NewToken()
		if err := st.CreateSession(ctx, hash, u.ID, time.Now(), time.Now().Add(time.Hour)); err != nil {
			tb.Fatal(err)
		}
		users[i], tokens[i] = u, token
	}
	streams := make([]*rawStream, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	for range 32 { // connect 32 at a time
		wg.Go(func() {
			for i := range next {
				s, err := openRawStream(base, tokens[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				streams[i] = s
				mu.Unlock()
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	tb.Cleanup(func() {
		for _, s := range streams {
			if s != nil {
				s.conn.Close()
			}
		}
	})
	if firstErr != nil {
		tb.Fatalf("open streams: %v", firstErr)
	}
	return users, streams
}

// With many idle streams open, an event for one user is read once, by that
// user's stream: the idle streams run no query and receive nothing.
func TestIdleStreamsCostNoQuery(t *testing.T) {
	e := newEnv(t)
	const n = 500
	users, streams := openStreams(t, e.store, e.URL, n)
	if got := e.srv.hub.Streams(); got != n {
		t.Fatalf("%d streams subscribed, want %d", got, n)
	}
	before := e.srv.hub.Reads()
	if before != n {
		t.Fatalf("%d reads to open %d streams", before, n)
	}
	target := 123
	e.srv.hub.Publish(context.Background(), users[target].ID)
	streams[target].conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := streams[target].next(); err != nil {
		t.Fatalf("the recipient's stream: %v", err)
	}
	if got := e.srv.hub.Reads() - before; got != 1 {
		t.Fatalf("one event cost %d stream reads, want 1", got)
	}
	// Nothing reached any idle stream: their connections hold no unread byte.
	for i, s := range streams {
		if i == target {
			continue
		}
		if s.r.Buffered() > 0 {
			t.Fatalf("stream %d has unread data", i)
		}
		s.conn.SetReadDeadline(time.Now()) // already expired: reads only what has arrived
		if _, err := s.r.ReadByte(); err == nil {
			t.Fatalf("idle stream %d received data", i)
		}
	}
}

// BenchmarkIdleStreams opens 10,000 inbox streams against one server and
// measures the heap they hold and how long an event takes to reach its
// recipient's stream with the others idle. Raise the open file limit first
// (ulimit -n 65536): go test -run '^$' -bench IdleStreams -benchtime 200x ./internal/server
// Client and server share this process, so each stream takes two descriptors:
// below a hard limit of 20,300 the benchmark opens as many as fit and says so.
func BenchmarkIdleStreams(b *testing.B) {
	n := 10_000
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil {
		lim.Cur = lim.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
		if fit := int(lim.Cur-300) / 2; fit < n {
			b.Logf("open file limit %d: %d streams instead of %d", lim.Cur, fit, n)
			n = fit
		}
	}
	e := newBenchEnvServer(b)
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	g0 := runtime.NumGoroutine()
	users, streams := openStreams(b, e.store, e.url, n)
	runtime.GC()
	var m1 runtime.MemStats
	runtime.ReadMemStats(&m1)
	heap := float64(m1.HeapInuse+m1.StackInuse) - float64(m0.HeapInuse+m0.StackInuse)
	stack := float64(m1.StackInuse) - float64(m0.StackInuse)
	goroutines := runtime.NumGoroutine() - g0

	var lat []time.Duration
	b.ResetTimer()
	for i := range b.N {
		k := (i * 7919) % n
		start := time.Now()
		e.srv.hub.Publish(context.Background(), users[k].ID)
		if err := streams[k].next(); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	// Reported after the timed loop: ResetTimer drops metrics reported before it.
	// Heap and stack cover both ends of every connection (client and server share
	// this process), so they overstate the server's share.
	b.ReportMetric(heap/(1<<20), "MB-heap+stack")
	b.ReportMetric(stack/(1<<20), "MB-stack")
	b.ReportMetric(float64(n), "streams")
	b.ReportMetric(heap/float64(n)/1024, "KB/stream")
	b.ReportMetric(float64(goroutines), "goroutines")
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50")
}

type streamBenchEnv struct {
	url   string
	store *store.Store
	srv   *Server
}

// newBenchEnvServer starts a server on a fresh SQLite database, keeping the Server.
func newBenchEnvServer(b *testing.B) *streamBenchEnv {
	b.Helper()
	st := storetest.OpenSQLite(b)
	cfg, err := config.Load([]string{"-data-dir", b.TempDir()}, func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	srv, err := New(Deps{Config: cfg, Store: st, Catalog: catalog.MustLoad(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	b.Cleanup(ts.Close)
	b.Cleanup(srv.CloseStreams)
	return &streamBenchEnv{url: ts.URL, store: st, srv: srv}
}
