package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
)

const msgInboxSignedOut = "You must be signed in to see notifications."

// wakeInboxes wakes the live inboxes of userIDs, even if the request that caused it is gone.
func (s *Server) wakeInboxes(r *http.Request, userIDs ...string) {
	s.inboxes.Wake(r.Context(), userIDs...)
}

// inboxesChanged tells every node that what inboxes show may have changed for a reason
// other than their own notifications (a list or comment hidden, made private or deleted),
// so the copies their streams share are read afresh.
func (s *Server) inboxesChanged(r *http.Request) {
	s.hub.PublishInboxesChanged(context.WithoutCancel(r.Context()))
}

func (s *Server) getInbox(w http.ResponseWriter, r *http.Request) {
	s.changeInbox(w, r, "", nil)
}

func (s *Server) markNotificationRead(w http.ResponseWriter, r *http.Request) {
	s.changeInbox(w, r, "mark notification read", func(ctx context.Context, userID string) error {
		return s.inboxes.MarkRead(ctx, userID, r.PathValue("id"))
	})
}

func (s *Server) markAllNotificationsRead(w http.ResponseWriter, r *http.Request) {
	s.changeInbox(w, r, "mark notifications read", s.inboxes.MarkAllRead)
}

// changeInbox runs change, when there is one, on the signed-in user's notifications and
// answers with their inbox; what names a failed change.
func (s *Server) changeInbox(w http.ResponseWriter, r *http.Request, what string, change func(ctx context.Context, userID string) error) {
	u := requireUser(w, r, msgInboxSignedOut)
	if u == nil {
		return
	}
	if change != nil {
		if err := change(r.Context(), u.ID); err != nil {
			s.fail(w, r, what, err, msgSomethingWrong)
			return
		}
	}
	s.answerInbox(w, r, u.ID)
}

func (s *Server) answerInbox(w http.ResponseWriter, r *http.Request, userID string) {
	inbox, err := s.inbox(r.Context(), userID)
	if err != nil {
		s.fail(w, r, "load notifications", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, inbox)
}

// inbox is a user's most recent notifications and unread count, as the API shows them.
func (s *Server) inbox(ctx context.Context, userID string) (api.Inbox, error) {
	notes, unread, err := s.inboxes.Recent(ctx, userID)
	if err != nil {
		return api.Inbox{}, err
	}
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
	return out, nil
}
