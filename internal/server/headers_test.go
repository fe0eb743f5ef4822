package server

import (
	"net/http"
	"strings"
	"testing"

	"castaway/internal/store/storetest"
)

// Pages, API answers, errors and files all carry the security headers.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/rankings", "/list/nobody/list_1", "/api/catalog/seasons", "/api/lists", "/api/me", "/api/nothing", "/assets/app-123.js", "/healthz", "/metrics",
		"POST /api/lists", "POST /api/auth/login"} {
		method, path, ok := strings.Cut(path, " ")
		if !ok {
			method, path = "GET", method
		}
		var body any
		if method != "GET" {
			body = map[string]any{}
		}
		res := call(t, &http.Client{}, method, e.URL+path, body, nil)
		h := res.Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "default-src 'self'", "worker-src 'self'", "manifest-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: the policy allows inline or eval'd script: %q", path, csp)
		}
		for name, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"X-Frame-Options":        "DENY",
			"Referrer-Policy":        "strict-origin-when-cross-origin",
		} {
			if got := h.Get(name); got != want {
				t.Errorf("%s: %s %q, want %q", path, name, got, want)
			}
		}
		if h.Get("Permissions-Policy") == "" {
			t.Errorf("%s: no Permissions-Policy", path)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
}

// Behind HTTPS (the public URL says so) answers add HSTS, and a media CDN may serve pictures.
func TestSecurityHeadersBehindHTTPS(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{
		"CASTAWAY_BASE_URL": "https://rankings.example", "CASTAWAY_MEDIA_URL": "https://cdn.example/media"})
	res := get(t, e.URL+"/", nil)
	res.Body.Close()
	if got := res.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("HSTS: %q", got)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: https://cdn.example") {
		t.Errorf("img-src lacks the media CDN: %q", csp)
	}
}

// With a metrics token set, /metrics answers only to it.
func TestMetricsToken(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_METRICS_TOKEN": "s3cret"})
	if res := get(t, e.URL+"/metrics", nil); res.StatusCode != 401 {
		t.Errorf("without the token: %d", res.StatusCode)
	}
	if res := get(t, e.URL+"/metrics", map[string]string{"Authorization": "Bearer wrong"}); res.StatusCode != 401 {
		t.Errorf("a wrong token: %d", res.StatusCode)
	}
	if res := get(t, e.URL+"/metrics", map[string]string{"Authorization": "Bearer s3cret"}); res.StatusCode != 200 {
		t.Errorf("the token: %d", res.StatusCode)
	}
}
