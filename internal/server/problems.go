package server

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"castaway/internal/api"
	"castaway/internal/problem"
)

// problemStatus is the HTTP status of each kind of domain problem: the one place
// where the domain's failures become HTTP.
var problemStatus = map[problem.Kind]int{
	problem.Invalid:      http.StatusBadRequest,
	problem.Unauthorized: http.StatusUnauthorized,
	problem.Forbidden:    http.StatusForbidden,
	problem.NotFound:     http.StatusNotFound,
	problem.Conflict:     http.StatusConflict,
	problem.RateLimited:  http.StatusTooManyRequests,
	problem.Unavailable:  http.StatusServiceUnavailable,
}

// writeProblem answers p with its status and the API's error body, field included.
func writeProblem(w http.ResponseWriter, p *problem.Error) {
	status, ok := problemStatus[p.Kind]
	if !ok { // a problem without a kind is a bug, not the client's fault
		status = http.StatusInternalServerError
	}
	if p.Kind == problem.RateLimited {
		limit := p.Limit
		if limit == "" {
			limit = p.Code // a refusal that is no named limit (too_many_streams)
		}
		noteRefusal(w, limit)
	}
	if p.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(p.RetryAfter.Seconds()))))
	}
	var body api.Error
	body.Error.Code, body.Error.Message = p.Code, p.Message
	if p.Field != "" {
		field := p.Field
		body.Error.Field = &field
	}
	writeJSON(w, status, body)
}

// fail answers err: a domain problem with its own status and text; anything else
// is a failure of the system, logged with the request id as what and answered 500
// with fallback, the text the user should read, never the error itself.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, what string, err error, fallback string) {
	if p, ok := problem.As(err); ok {
		writeProblem(w, p)
		return
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client went away mid-request: nothing failed here and no one reads the
		// answer, so it is no error in the log (499, as proxies name it, in the access log).
		s.log.InfoContext(r.Context(), what+": the client went away", "id", RequestID(r.Context()), "path", r.URL.Path)
		w.WriteHeader(statusClientClosed)
		return
	}
	if problem.IsUnavailable(err) {
		s.log.WarnContext(r.Context(), what+": database unavailable", "id", RequestID(r.Context()), "path", r.URL.Path, "err", err)
		writeProblem(w, errUnavailable)
		return
	}
	s.log.ErrorContext(r.Context(), what, "id", RequestID(r.Context()), "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, "internal", fallback)
}

// statusClientClosed is what a request whose client went away is logged with.
const statusClientClosed = 499

// errUnavailable answers a request the database could not serve in time: 503, try again.
var errUnavailable = &problem.Error{Kind: problem.Unavailable, Code: "unavailable",
	Message: problem.MsgDatabaseDown, RetryAfter: 5 * time.Second}
