package moderation

import (
	"context"
	"errors"
	"time"

	"castaway/internal/comments"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// Report records by's report of a list or comment they can see and did not write, within
// the report limits. The store checks both in the report's transaction, by the rules
// that say who sees a list or a comment (model.ListVisible, model.CommentVisible).
func (s *Service) Report(ctx context.Context, by model.Actor, in ReportInput) error {
	text, err := CheckReport(in.Reason, in.Text)
	if err != nil {
		return err
	}
	kind, key, err := Target(in.TargetType, in.UserID, in.ListID, in.CommentID)
	if err != nil {
		return err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, ReportPerUser, ReportPerClient); err != nil {
		return err
	}
	err = s.store.ReportSeen(ctx, model.Report{ReporterID: by.UserID(), Kind: kind, Key: key,
		Reason: in.Reason, Text: text, CreatedAt: time.Now()}, model.ViewerOf(by.User))
	switch {
	case errors.Is(err, store.ErrNotFound) && kind == store.KindList:
		return lists.ErrNotFound
	case errors.Is(err, store.ErrNotFound):
		return comments.ErrNotFound
	case errors.Is(err, store.ErrOwnContent):
		return ErrOwnContent
	case errors.Is(err, store.ErrAlreadyReported):
		return ErrAlreadyReported
	}
	return err
}
