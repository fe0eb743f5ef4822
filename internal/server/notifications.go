package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const msgInboxSignedOut = problem.MsgSignInToSeeNotifications

func (s *Server) getInbox(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgInboxSignedOut)
	if u == nil {
		return
	}
	notes, unread, err := s.inboxes.Recent(r.Context(), u.ID)
	s.answerInbox(w, r, "load notifications", notes, unread, err)
}

func (s *Server) markNotificationRead(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgInboxSignedOut)
	if !ok {
		return
	}
	notes, unread, err := s.inboxes.MarkRead(r.Context(), a, r.PathValue("id"))
	s.answerInbox(w, r, "mark notification read", notes, unread, err)
}

func (s *Server) markAllNotificationsRead(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgInboxSignedOut)
	if !ok {
		return
	}
	notes, unread, err := s.inboxes.MarkAllRead(r.Context(), a)
	s.answerInbox(w, r, "mark notifications read", notes, unread, err)
}

// answerInbox answers with the reader's inbox, or why the request (event) failed.
func (s *Server) answerInbox(w http.ResponseWriter, r *http.Request, event string, notes []model.Notification, unread int, err error) {
	if err != nil {
		s.fail(w, r, event, err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, apiInbox(notes, unread))
}

// apiInbox is a user's most recent notifications and unread count, as the API shows them.
func apiInbox(notes []model.Notification, unread int) api.Inbox {
	out := api.Inbox{Notifications: make([]api.Notification, len(notes)), UnreadCount: unread}
	for i, n := range notes {
		out.Notifications[i] = api.Notification{
			Id: n.ID, UserId: n.UserID, Type: api.NotificationType(n.Type), CreatedByName: n.CreatedByName,
			Content: n.Content, IsNew: n.IsNew, CreatedAt: n.CreatedAt,
			ListUserId: n.ListUserID, ListId: n.ListID, CommentId: n.CommentID,
		}
		if n.ActorID != "" {
			out.Notifications[i].ActorId = &n.ActorID
		}
	}
	return out
}
