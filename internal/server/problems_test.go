package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"castaway/internal/problem"
)

// A request whose client went away is answered 499 and logged as no error; a cancel the
// request did not see (its own context still open) is one.
func TestFailOfAClientThatWentAway(t *testing.T) {
	var logged bytes.Buffer
	s := &Server{log: slog.New(slog.NewTextHandler(&logged, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	s.fail(w, httptest.NewRequest("PUT", "/api/x", nil).WithContext(ctx), "upvote", fmt.Errorf("look up: %w", context.Canceled), "Try again.")
	if w.Code != statusClientClosed || strings.Contains(logged.String(), "level=ERROR") {
		t.Errorf("client gone: %d, logged %q", w.Code, logged.String())
	}
	w = httptest.NewRecorder()
	s.fail(w, httptest.NewRequest("PUT", "/api/x", nil), "upvote", context.Canceled, "Try again.")
	if w.Code != 500 || !strings.Contains(logged.String(), "level=ERROR") {
		t.Errorf("a cancel the request did not see: %d, logged %q", w.Code, logged.String())
	}
}

func TestFailMapsProblemsToHTTP(t *testing.T) {
	limited := problem.New(problem.RateLimited, "rate_limited", "Slow down.")
	limited.RetryAfter = 1500 * time.Millisecond
	for _, tc := range []struct {
		name       string
		err        error
		status     int
		body       string
		retryAfter string
	}{
		{"invalid with field", problem.InvalidField("name", "Too long."), 400,
			`{"error":{"code":"validation","field":"name","message":"Too long."}}`, ""},
		{"unauthorized", problem.New(problem.Unauthorized, "unauthorized", "Sign in."), 401,
			`{"error":{"code":"unauthorized","message":"Sign in."}}`, ""},
		{"forbidden", problem.New(problem.Forbidden, "forbidden", "Not yours."), 403,
			`{"error":{"code":"forbidden","message":"Not yours."}}`, ""},
		{"not found, wrapped", fmt.Errorf("look up: %w", problem.New(problem.NotFound, "not_found", "Gone.")), 404,
			`{"error":{"code":"not_found","message":"Gone."}}`, ""},
		{"conflict", problem.New(problem.Conflict, "taken", "Taken."), 409,
			`{"error":{"code":"taken","message":"Taken."}}`, ""},
		{"rate limited", limited, 429, `{"error":{"code":"rate_limited","message":"Slow down."}}`, "2"},
		{"anything else", errors.New("disk on fire"), 500,
			`{"error":{"code":"internal","message":"Try again."}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
			w := httptest.NewRecorder()
			s.fail(w, httptest.NewRequest("GET", "/api/x", nil), "test", tc.err, "Try again.")
			var got, want any
			json.Unmarshal(w.Body.Bytes(), &got)
			json.Unmarshal([]byte(tc.body), &want)
			if w.Code != tc.status || !reflect.DeepEqual(got, want) || w.Header().Get("Retry-After") != tc.retryAfter {
				t.Errorf("%d %s Retry-After %q; want %d %s %q", w.Code, w.Body, w.Header().Get("Retry-After"), tc.status, tc.body, tc.retryAfter)
			}
		})
	}
}
