package server

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"castaway/internal/problem"
)

// metrics is a registry of the server's own, so tests can build many servers.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	// streamReads counts inbox reads by live streams: one per wake-up, none while idle.
	streamReads prometheus.Counter
	// rateLimited counts 429s by the limit that refused (limits.Limit names, a closed set).
	rateLimited *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "castaway_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "castaway_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "castaway_http_requests_in_flight", Help: "HTTP requests being served now (live streams included).",
		}),
		streamReads: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "castaway_event_stream_reads_total", Help: "Inbox reads by live event streams (on connect and on each change).",
		}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "castaway_rate_limited_total", Help: "Requests refused with 429, by the limit that refused them.",
		}, []string{"limit"}),
	}
	m.registry.MustRegister(m.requests, m.duration, m.inFlight, m.streamReads, m.rateLimited,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// instrument counts requests by the pattern of routes that serves them and by method, each
// from a closed set, so no path or method a client invents adds a series. (Inner middleware
// hands the mux copies of the request, so the pattern is looked up rather than read back.)
func (m *metrics) instrument(next http.Handler, routes *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		m.inFlight.Inc()
		defer m.inFlight.Dec()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		_, route := routes.Handler(r)
		if route == "" {
			route = "other"
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		m.requests.WithLabelValues(route, methodLabel(r.Method), strconv.Itoa(rec.status)).Inc()
		if rec.limit != "" {
			m.rateLimited.WithLabelValues(rec.limit).Inc()
		}
		m.duration.WithLabelValues(route).Observe(time.Since(start).Seconds())
	})
}

// methodLabel is the method as a label: any method routes.go serves, HEAD or OPTIONS, and
// other for every other, so invented methods (any token, up to the header limit) add no series.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "other"
}

// metricsGuard asks for the configured bearer token, when there is one.
func (s *Server) metricsGuard(next http.Handler) http.Handler {
	want := []byte("Bearer " + s.cfg.MetricsToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.MetricsToken != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", problem.MsgMetricsToken)
			return
		}
		next.ServeHTTP(w, r)
	})
}
