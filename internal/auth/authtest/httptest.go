package authtest

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Start runs the fakes for one test.
func Start(t testing.TB) *Fake {
	t.Helper()
	// The fake must know its own URL (the issuer) before it can serve, so the
	// server starts first and is handed the fake's routes after.
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	f := New(srv.URL)
	h = f.Handler()
	return f
}
