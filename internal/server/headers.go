package server

import (
	"net/http"
	"net/url"
	"strings"
)

// securityHeaders are sent with every answer, pages and API alike. The policy allows
// only the site's own scripts, styles and connections (the app has no inline script; the
// pages' one inline stylesheet is allowed by its hash),
// pictures from the site, the media CDN when one is set, data: URIs (CSS icons) and blob:
// URLs (the share dialog's preview), and no framing by anyone. The service worker and the
// web app manifest are named too (default-src would cover them), so tightening default-src
// later cannot silently stop the app installing or working offline.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	img := []string{"'self'", "data:", "blob:"}
	if u, err := url.Parse(s.cfg.MediaURL); err == nil && u.Scheme != "" && u.Host != "" {
		img = append(img, u.Scheme+"://"+u.Host)
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src " + strings.Join(append([]string{"'self'"}, s.styleSources()...), " "),
		"img-src " + strings.Join(img, " "),
		"connect-src 'self'",
		"font-src 'self'",
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	hsts := s.cfg.SecureCookies() // served over HTTPS (the public URL says so)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// styleSources are the CSP sources of the pages' inline styles.
func (s *Server) styleSources() []string {
	if s.web == nil {
		return nil
	}
	return s.web.StyleSources()
}
