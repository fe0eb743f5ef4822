package server

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// buildInfo is castaway_build_info{version, goversion} 1: which build answers.
func buildInfo(version string) prometheus.Collector {
	if version == "" {
		version = "unknown"
	}
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "castaway_build_info", Help: "The castaway build serving, as labels; always 1.",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
	})
	g.Set(1)
	return g
}

// dbPools reports each database pool's use, read from sql.DB.Stats at each scrape.
type dbPools struct {
	pools                                  map[string]*sql.DB // pool label -> pool
	max, open, inUse, idle, waits, waitSec *prometheus.Desc
}

// newDBPools names SQLite's writer and reader pools; PostgreSQL has one, "main".
func newDBPools(writer, reader *sql.DB) *dbPools {
	pools := map[string]*sql.DB{"main": writer}
	if reader != writer {
		pools = map[string]*sql.DB{"writer": writer, "reader": reader}
	}
	desc := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc("castaway_db_"+name, help, []string{"pool"}, nil)
	}
	return &dbPools{pools: pools,
		max:     desc("max_open_connections", "Most connections the pool may open."),
		open:    desc("open_connections", "Connections open, in use or idle."),
		inUse:   desc("in_use_connections", "Connections serving a query or transaction now."),
		idle:    desc("idle_connections", "Connections open and idle."),
		waits:   desc("wait_count_total", "Times a request waited for a connection: the pool was full."),
		waitSec: desc("wait_duration_seconds_total", "Time spent waiting for a connection."),
	}
}

func (d *dbPools) Describe(ch chan<- *prometheus.Desc) {
	for _, x := range []*prometheus.Desc{d.max, d.open, d.inUse, d.idle, d.waits, d.waitSec} {
		ch <- x
	}
}

func (d *dbPools) Collect(ch chan<- prometheus.Metric) {
	for name, db := range d.pools {
		s := db.Stats()
		ch <- prometheus.MustNewConstMetric(d.max, prometheus.GaugeValue, float64(s.MaxOpenConnections), name)
		ch <- prometheus.MustNewConstMetric(d.open, prometheus.GaugeValue, float64(s.OpenConnections), name)
		ch <- prometheus.MustNewConstMetric(d.inUse, prometheus.GaugeValue, float64(s.InUse), name)
		ch <- prometheus.MustNewConstMetric(d.idle, prometheus.GaugeValue, float64(s.Idle), name)
		ch <- prometheus.MustNewConstMetric(d.waits, prometheus.CounterValue, float64(s.WaitCount), name)
		ch <- prometheus.MustNewConstMetric(d.waitSec, prometheus.CounterValue, s.WaitDuration.Seconds(), name)
	}
}

// MailStats is what the mail worker counts since it started (mail.Worker.Stats).
type MailStats interface {
	Stats() (sent, failed, givenUp uint64)
}

// mailCounts are castaway_mail_sent_total, _failed_total (each failed attempt) and
// _given_up_total, read from the worker at each scrape.
func mailCounts(m MailStats) []prometheus.Collector {
	counter := func(name, help string, pick func(sent, failed, givenUp uint64) uint64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help},
			func() float64 { return float64(pick(m.Stats())) })
	}
	return []prometheus.Collector{
		counter("castaway_mail_sent_total", "Mails this node delivered.", func(s, _, _ uint64) uint64 { return s }),
		counter("castaway_mail_failed_total", "Mail deliveries this node tried that failed (each is retried until given up).", func(_, f, _ uint64) uint64 { return f }),
		counter("castaway_mail_given_up_total", "Mails this node gave up on after every retry.", func(_, _, g uint64) uint64 { return g }),
	}
}

// FanOutBacklog tells how many fan-out jobs wait, on every node (follows.FanOut.Pending).
type FanOutBacklog interface {
	Pending(ctx context.Context) (int, error)
}

// pendingScrapeTimeout bounds the count a scrape waits for: a slow database leaves the
// series out of that scrape rather than holding the scraper.
const pendingScrapeTimeout = 2 * time.Second

// fanOutsPending is castaway_fanout_jobs_pending, counted at each scrape by a bounded query
// (it stops at most jobs, however long the backlog). A failed count leaves the series out
// of that scrape, rather than failing the whole page as an invalid metric would.
type fanOutsPending struct {
	backlog FanOutBacklog
	log     *slog.Logger
	desc    *prometheus.Desc
}

func newFanOutsPending(backlog FanOutBacklog, most int, log *slog.Logger) *fanOutsPending {
	return &fanOutsPending{backlog: backlog, log: log, desc: prometheus.NewDesc("castaway_fanout_jobs_pending",
		fmt.Sprintf("Published lists not yet in all their followers' feeds, and follows whose follower's feed is not yet synced (queued or under way, all nodes); counted up to %d.", most),
		nil, nil)}
}

func (f *fanOutsPending) Describe(ch chan<- *prometheus.Desc) { ch <- f.desc }

func (f *fanOutsPending) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), pendingScrapeTimeout)
	defer cancel()
	n, err := f.backlog.Pending(ctx)
	if err != nil {
		f.log.Warn("count pending fan-outs for /metrics", "err", err)
		return
	}
	ch <- prometheus.MustNewConstMetric(f.desc, prometheus.GaugeValue, float64(n))
}
