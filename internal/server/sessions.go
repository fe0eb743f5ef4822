package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/problem"
)

const msgSessionsSignedOut = problem.MsgSignInToSeeSessions

// mySessions lists where the signed-in user is signed in.
func (s *Server) mySessions(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSessionsSignedOut)
	if u == nil {
		return
	}
	views, more, err := s.accounts.Sessions(r.Context(), u.ID, sessionHash(r))
	if err != nil {
		s.fail(w, r, "list sessions", err, problem.MsgSessionsLoadFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.MySessions{Sessions: apiEach(views, sessionJSON), More: more})
}

func sessionJSON(v *auth.SessionView) api.SignedInSession {
	device := api.SignedInSessionDevice(v.Device.Kind)
	if !device.Valid() {
		device = api.Unknown
	}
	return api.SignedInSession{
		Id: v.ID, Browser: v.Device.Browser, Os: v.Device.OS, Device: device, Network: v.Network,
		CreatedAt: v.CreatedAt, LastSeenAt: v.LastSeenAt, Current: v.Current,
	}
}

// endMySession ends one of the signed-in user's sessions; ending this one signs out here.
func (s *Server) endMySession(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgSessionsSignedOut)
	if !ok {
		return
	}
	current, err := s.accounts.EndSession(r.Context(), a, r.PathValue("sessionId"), sessionHash(r))
	if err != nil {
		s.fail(w, r, "end session", err, problem.MsgSignOutFailed)
		return
	}
	if current {
		s.clearSessionCookies(w)
	}
	w.WriteHeader(http.StatusNoContent)
}

// endOtherSessions ends every session of the signed-in user's but this one.
func (s *Server) endOtherSessions(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgSessionsSignedOut)
	if !ok {
		return
	}
	if err := s.accounts.EndOtherSessions(r.Context(), a, sessionHash(r)); err != nil {
		s.fail(w, r, "end other sessions", err, problem.MsgSignOutFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
