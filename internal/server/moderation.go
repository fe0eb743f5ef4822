package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/problem"
)

const (
	msgReportFailed   = problem.MsgReportFailed
	msgModerateFailed = problem.MsgModerationQueueFailed
)

// createReport records a signed-in user's report of a list or comment they can see.
func (s *Server) createReport(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.ReportInput](w, r, problem.MsgSignInToReport)
	if !ok {
		return
	}
	err := s.moderation.Report(r.Context(), a, moderation.ReportInput{TargetType: string(body.TargetType),
		UserID: orZero(body.UserId), ListID: orZero(body.ListId), CommentID: orZero(body.CommentId),
		Reason: string(body.Reason), Text: orZero(body.Text)})
	if err != nil {
		s.fail(w, r, "report", err, msgReportFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// msgModerateSignedOut is what a visitor who asks for a moderator's page is told; the
// services refuse a reader who is no moderator (moderation.ErrNotAdmin).
const msgModerateSignedOut = problem.MsgSignInToModerate

func (s *Server) moderationQueue(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	page, next, err := s.moderation.Queue(r.Context(), a, r.URL.Query().Get("status"), r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "moderation queue", err, msgModerateFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.ModerationQueue{Targets: apiEach(page, reportTargetJSON), NextCursor: orNil(next)})
}

func (s *Server) moderate(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	var body api.ModerationActionInput
	if !decodeJSON(w, r, &body) {
		return
	}
	t, err := s.moderation.Act(r.Context(), a, moderation.ActionInput{Action: string(body.Action),
		TargetType: string(body.TargetType), UserID: orZero(body.UserId), ListID: orZero(body.ListId), CommentID: orZero(body.CommentId)})
	if err != nil {
		s.fail(w, r, "moderate", err, problem.MsgModerationActionFailed)
		return
	}
	writeJSON(w, http.StatusOK, reportTargetJSON(t))
}

func (s *Server) moderationLog(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	page, next, err := s.moderation.Log(r.Context(), a, r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "moderation log", err, msgModerateFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.ModerationLog{Actions: apiEach(page, moderationActionJSON), NextCursor: orNil(next)})
}

func reportTargetJSON(t *model.ReportTarget) api.ReportTarget {
	return api.ReportTarget{TargetType: api.ReportTargetTargetType(t.Kind), Key: t.Key, Status: api.ReportTargetStatus(t.Status),
		ReportCount: t.Count, Reasons: api.ReportReasons{Spam: t.Spam, Harassment: t.Harassment, Spoiler: t.Spoiler, Other: t.Other},
		Texts: t.Texts, FirstReportedAt: t.FirstAt, LastReportedAt: t.LastAt, AuthorId: t.AuthorID, AuthorName: t.AuthorName,
		Title: t.Title, Gone: t.Gone, UserId: orNil(t.ListUserID), ListId: orNil(t.ListID), CommentId: orNil(t.CommentID)}
}
