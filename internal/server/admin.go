package server

import (
	"net/http"
	"net/http/pprof"
)

// publicMetrics is /metrics on the public listener: there unless an admin listener
// (config AdminAddr) serves it instead.
func (s *Server) publicMetrics() http.Handler {
	if s.cfg.AdminAddr != "" {
		return http.NotFoundHandler()
	}
	return s.metricsGuard(s.metrics.handler())
}

// AdminHandler is what the admin listener serves: /metrics (behind the metrics token,
// when set) and the Go profiler under /debug/pprof/. Nothing else.
func (s *Server) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.metricsGuard(s.metrics.handler()))
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
