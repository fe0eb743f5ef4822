package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"castaway/internal/follows"
	"castaway/internal/store/storetest"
)

// TestOperatorMetrics: /metrics tells the build, the database pools' use, the mail sent and
// failed, and every 429 by the limit that refused it (one label value per named limit, never per client).
func TestOperatorMetrics(t *testing.T) {
	e := newEnv(t)
	_, owner := e.signedIn(t, "Owner")
	flooder, _ := e.signedIn(t, "Flooder")
	list := e.makeCommunityList(t, owner.ID, "list_1", "Heroes", true)
	for i := range 11 {
		callStatus(t, flooder, "POST", list+"/comments", map[string]any{"text": fmt.Sprintf("comment %d", i)}, nil)
	}
	// A sign-up queues a verification mail; the worker's delivery is counted.
	if st := callStatus(t, nil, "POST", e.URL+"/api/auth/signup", map[string]any{"email": "metrics@example.com", "password": "a-fine-long-secret"}, nil); st != http.StatusCreated && st != http.StatusOK {
		t.Fatalf("sign up: %d", st)
	}
	awaitOutbox(t, e, "metrics@example.com", 0)
	var b []byte
	for deadline := time.Now().Add(5 * time.Second); ; { // the count follows the send
		b, _ = io.ReadAll(get(t, e.URL+"/metrics", nil).Body)
		if strings.Contains(string(b), "castaway_mail_sent_total 1") || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond) // a poll interval: the count has no signal of its own
	}
	for _, want := range []string{
		"castaway_mail_sent_total 1",
		"castaway_mail_failed_total 0",
		"castaway_mail_given_up_total 0",
		`castaway_build_info{goversion="` + runtime.Version() + `",version="test-1.2"} 1`,
		`castaway_db_open_connections{pool="writer"}`,
		`castaway_db_in_use_connections{pool="reader"}`,
		`castaway_db_idle_connections{pool="writer"}`,
		`castaway_db_wait_count_total{pool="reader"}`,
		`castaway_db_wait_duration_seconds_total{pool="writer"}`,
		`castaway_rate_limited_total{limit="comment-user"} 1`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if t.Failed() {
		t.Logf("metrics:\n%s", b)
	}
}

// TestAdminListener: with an admin address, /metrics and /debug/pprof/ are served on the
// admin handler and not on the public one; without, /metrics stays public and pprof absent.
func TestAdminListener(t *testing.T) {
	st := storetest.OpenSQLite(t)
	public := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_ADMIN_ADDR": "127.0.0.1:0"})
	admin := httptest.NewServer(public.srv.AdminHandler())
	t.Cleanup(admin.Close)
	for _, c := range []struct {
		base, path string
		status     int
	}{
		{public.URL, "/metrics", 404},
		{public.URL, "/debug/pprof/", 404},
		{admin.URL, "/metrics", 200},
		{admin.URL, "/debug/pprof/", 200},
		{admin.URL, "/debug/pprof/goroutine?debug=1", 200},
		{admin.URL, "/api/catalog/seasons", 404},
	} {
		res := get(t, c.base+c.path, nil)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != c.status || (c.status == 404 && c.base == public.URL && strings.Contains(string(body), "castaway_")) {
			t.Errorf("%s on the %s listener: %d, want %d", c.path, map[bool]string{true: "public", false: "admin"}[c.base == public.URL], res.StatusCode, c.status)
		}
	}
	plain := newEnvOn(t, storetest.OpenSQLite(t))
	if res := get(t, plain.URL+"/metrics", nil); res.StatusCode != http.StatusOK {
		t.Errorf("/metrics without an admin address: %d", res.StatusCode)
	}
	if res := get(t, plain.URL+"/debug/pprof/", nil); res.StatusCode == http.StatusOK && strings.Contains(res.Header.Get("Content-Type"), "text/html") {
		b, _ := io.ReadAll(res.Body)
		if strings.Contains(string(b), "goroutine") {
			t.Errorf("pprof is public without an admin address")
		}
	}
}

// TestFanOutBacklogMetric: castaway_fanout_jobs_pending counts the fan-outs not yet done
// on any node (here a job another node leases, which this node's worker leaves be), with
// a help text that tells its bound.
func TestFanOutBacklogMetric(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			_, owner := e.signedIn(t, "Owner")
			e.makeCommunityList(t, owner.ID, "list_1", "Heroes", true)
			scrape := func() string {
				b, _ := io.ReadAll(get(t, e.URL+"/metrics", nil).Body)
				return string(b)
			}
			ctx := context.Background()
			for _, c := range []struct {
				sql  string
				want string
			}{
				{"", "\ncastaway_fanout_jobs_pending 0\n"},
				{`INSERT INTO fanout_jobs (list_user_id, list_id, created_at, lease_owner, lease_until)
					VALUES ($1, 'list_1', 1, 'elsewhere', 4611686018427387904)`, "\ncastaway_fanout_jobs_pending 1\n"},
				{`DELETE FROM fanout_jobs WHERE list_user_id = $1`, "\ncastaway_fanout_jobs_pending 0\n"},
			} {
				if c.sql != "" {
					if _, err := e.store.DB().ExecContext(ctx, c.sql, owner.ID); err != nil {
						t.Fatal(err)
					}
				}
				if b := scrape(); !strings.Contains(b, c.want) {
					t.Errorf("metrics lack %q:\n%s", strings.TrimSpace(c.want), b)
				}
			}
			if b := scrape(); !strings.Contains(b, "# HELP castaway_fanout_jobs_pending ") || !strings.Contains(b, fmt.Sprintf("counted up to %d.", follows.PendingCounted)) {
				t.Errorf("the help text does not tell the bound")
			}
		})
	}
}

// TestMetricLabelsAreClosed: requests with hundreds of invented methods (some 60 kB long)
// to every kind of path add no series to /metrics: they are counted under method "other",
// and every label of every metric the process registers keeps to a closed set.
func TestMetricLabelsAreClosed(t *testing.T) {
	e := newEnv(t)
	invent := func(word string, n int) {
		for i := range n {
			method := fmt.Sprintf("%s%d", word, i)
			if i%10 == 0 {
				method += strings.Repeat("X", 60<<10)
			}
			for _, path := range []string{"/api/lists", "/api/me", "/api/nowhere-" + method[:4], "/", "/metrics", "/healthz"} {
				req, _ := http.NewRequest(method, e.URL+path, nil)
				res, err := rawTransport.RoundTrip(req) // one connection: each is counted before the next
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}
	}
	series := func() (n int, page string) {
		page = string(must(io.ReadAll(get(t, e.URL+"/metrics", nil).Body)))
		for line := range strings.Lines(page) {
			if !strings.HasPrefix(line, "#") {
				n++
			}
		}
		return n, page
	}
	series() // a scrape is counted too: the two below are alike
	invent("INVENTED", 100)
	before, _ := series()
	invent("MADEUP", 100)
	after, page := series()
	if after != before {
		t.Errorf("100 more invented methods took /metrics from %d to %d series", before, after)
	}
	if !strings.Contains(page, `method="other"`) {
		t.Errorf(`metrics lack method="other"`)
	}
	if strings.Contains(page, "INVENTED") || strings.Contains(page, "MADEUP") {
		t.Errorf("an invented method is a label value")
	}

	// Every label of every registered metric, by its name: a new label must say here how
	// its values are closed.
	methods := map[string]bool{"other": true}
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
		methods[m] = true
	}
	closed := map[string]func(string) bool{
		"method": func(v string) bool { return methods[v] },
		// a pattern of routes.go (bounded by the table), or other
		"route": func(v string) bool {
			method, path, found := strings.Cut(v, " ")
			return v == "other" || strings.HasPrefix(v, "/") || found && methods[method] && strings.HasPrefix(path, "/")
		},
		"code":      func(v string) bool { n, err := strconv.Atoi(v); return err == nil && http.StatusText(n) != "" },
		"limit":     func(v string) bool { return regexp.MustCompile(`^[a-z0-9_-]{1,40}$`).MatchString(v) }, // a limits.Limit's name, set in code
		"pool":      func(v string) bool { return v == "main" || v == "writer" || v == "reader" },
		"version":   func(v string) bool { return v == "test-1.2" || v == runtime.Version() }, // go_info's too
		"goversion": func(v string) bool { return v == runtime.Version() },
	}
	families, err := e.srv.metrics.registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	open := 0
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if ok, known := closed[l.GetName()]; !known || !ok(l.GetValue()) {
					if open++; open <= 5 {
						t.Errorf("%s{%s=%.40q}: not a label of a closed set", f.GetName(), l.GetName(), l.GetValue())
					}
				}
			}
		}
	}
	if open > 5 {
		t.Errorf("and %d more", open-5)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
