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

// Report records by's report of a list or comment they can see and did not write.
func (s *Service) Report(ctx context.Context, by model.Actor, in ReportInput) error {
	text, err := CheckReport(in.Reason, in.Text)
	if err != nil {
		return err
	}
	kind, key, err := Target(in.TargetType, in.UserID, in.ListID, in.CommentID)
	if err != nil {
		return err
	}
	if err := s.reportable(ctx, by.User, kind, key, in); err != nil {
		return err
	}
	err = s.store.AddReport(ctx, model.Report{ReporterID: by.UserID(), Kind: kind, Key: key,
		Reason: in.Reason, Text: text, CreatedAt: time.Now()})
	if errors.Is(err, store.ErrAlreadyReported) {
		return ErrAlreadyReported
	}
	return err
}

// reportable checks that u may see what they report, and that it is not their own.
func (s *Service) reportable(ctx context.Context, u *model.User, kind, key string, in ReportInput) error {
	author := ""
	if kind == store.KindList {
		l, err := lists.FindRef(ctx, s.store, in.UserID, in.ListID, u.ID)
		if err != nil {
			return store.NotFoundAs(err, lists.ErrNotFound)
		}
		author = l.UserID
	} else {
		c, err := s.store.CommentByID(ctx, key, u.ID)
		if err == nil && !comments.Shown(c, u) {
			err = store.ErrNotFound
		}
		if err == nil && c.ListUserID != "" {
			_, err = lists.FindRef(ctx, s.store, c.ListUserID, c.ListID, u.ID)
		}
		if err != nil {
			return store.NotFoundAs(err, comments.ErrNotFound)
		}
		author = c.UserID
	}
	if author == u.ID {
		return ErrOwnContent
	}
	return nil
}
