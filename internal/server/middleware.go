package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"castaway/internal/problem"
)

type ctxKey int

const requestIDKey ctxKey = iota

// withRequestID tags each request with an id, taken from X-Request-Id when a proxy set one.
func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			b := make([]byte, 8)
			rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

// RequestID is the id withRequestID gave the request, for logs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusRecorder remembers the status a handler wrote. Unwrap keeps
// http.ResponseController (flushing for server-sent events) working through it.
type statusRecorder struct {
	http.ResponseWriter
	status int
	limit  string // the rate limit that refused the request (writeProblem), if any
}

// noteRefusal tells the statusRecorder under w which limit refused the request.
func noteRefusal(w http.ResponseWriter, limit string) {
	for w != nil {
		if rec, ok := w.(*statusRecorder); ok {
			rec.limit = limit
			return
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return
		}
		w = u.Unwrap()
	}
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelDebug
		if rec.status >= 500 {
			level = slog.LevelError
		} else if len(r.URL.Path) > 4 && r.URL.Path[:5] == "/api/" {
			level = slog.LevelInfo
		}
		s.log.Log(r.Context(), level, "request", "id", RequestID(r.Context()), "method", r.Method,
			"path", r.URL.Path, "status", rec.status, "duration", time.Since(start).Round(time.Microsecond))
	})
}

// recoverPanics turns a handler panic into a plain 500, logged with its stack.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "id", RequestID(r.Context()), "panic", v, "stack", string(debug.Stack()))
				writeError(w, http.StatusInternalServerError, "internal", msgSomethingWrong)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// rejectBadText answers 400 for an API request whose path or query holds NUL or
// broken UTF-8: PostgreSQL refuses such text, which would otherwise end in a 500.
func rejectBadText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") && (!storableText(r.URL.Path) || !storableQuery(r.URL.RawQuery)) {
			writeError(w, http.StatusBadRequest, "bad_request", msgBadCharacters)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// storableQuery checks the query as handlers read it (r.URL.Query skips malformed pairs).
func storableQuery(raw string) bool {
	q, _ := url.ParseQuery(raw)
	for k, vs := range q {
		if !storableText(k) {
			return false
		}
		for _, v := range vs {
			if !storableText(v) {
				return false
			}
		}
	}
	return true
}

func (s *Server) limitBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		next.ServeHTTP(w, r)
	})
}

// crossOrigin refuses unsafe cross-site browser requests; requests without
// Origin or Sec-Fetch-Site (curl, server to server) pass.
func crossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "cross_origin", problem.MsgCrossSite)
	}))
	return cop.Handler(next)
}

// boundDatabaseWork bounds the database work of one API request (the db-timeout
// setting): a database that hangs turns into a 503 within it rather than a request that
// never ends. Live streams are exempt.
func (s *Server) boundDatabaseWork(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || strings.HasSuffix(r.URL.Path, "/stream") {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.DBTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
