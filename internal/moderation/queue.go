package moderation

import (
	"context"
	"errors"
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Problems of paging through the moderators' screens.
var (
	ErrBadQueueCursor = problem.New(problem.Invalid, "validation", problem.MsgQueuePageExpired)
	ErrBadLogCursor   = problem.New(problem.Invalid, "validation", problem.MsgLogPageExpired)
)

// ActionInput is a moderator's action as they send it: hide, restore or dismiss a
// list (UserID, ListID) or a comment (CommentID).
type ActionInput struct {
	Action, TargetType, UserID, ListID, CommentID string
}

// Queue is a page of the reported targets of status ("" for open), QueuePage at a
// time after cursor, and the cursor of the next page ("" for none); for moderators.
func (s *Service) Queue(ctx context.Context, by model.Actor, status, cursor string) ([]model.ReportTarget, string, error) {
	if err := RequireAdmin(by.User); err != nil {
		return nil, "", err
	}
	status, err := CheckStatus(status)
	if err != nil {
		return nil, "", err
	}
	page, next, err := s.store.ReportQueue(ctx, status, cursor, QueuePage)
	if errors.Is(err, store.ErrBadCursor) {
		return nil, "", ErrBadQueueCursor
	}
	return page, next, err
}

// Act takes a moderator's action on a list or comment, logged, within the moderators'
// limits, and returns the target as it now stands in the queue.
func (s *Service) Act(ctx context.Context, by model.Actor, in ActionInput) (*model.ReportTarget, error) {
	if err := RequireAdmin(by.User); err != nil {
		return nil, err
	}
	if err := CheckAction(in.Action); err != nil {
		return nil, err
	}
	kind, key, err := Target(in.TargetType, in.UserID, in.ListID, in.CommentID)
	if err != nil {
		return nil, err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, ActPerUser, ActPerClient); err != nil {
		return nil, err
	}
	t, err := s.store.Moderate(ctx, &model.Action{ID: model.NewID(), AdminID: by.User.ID, AdminName: by.User.DisplayName,
		Action: in.Action, Kind: kind, Key: key, CreatedAt: time.Now()})
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrTargetGone
	}
	if err == nil {
		s.inbox.Changed(ctx) // a list or comment hidden or restored
	}
	return t, err
}

// Log is a page of the moderators' actions, newest first, LogPage at a time after
// cursor, and the cursor of the next page ("" for none); for moderators.
func (s *Service) Log(ctx context.Context, by model.Actor, cursor string) ([]model.Action, string, error) {
	if err := RequireAdmin(by.User); err != nil {
		return nil, "", err
	}
	page, next, err := s.store.ModerationLog(ctx, cursor, LogPage)
	if errors.Is(err, store.ErrBadCursor) {
		return nil, "", ErrBadLogCursor
	}
	return page, next, err
}
