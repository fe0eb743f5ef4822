package moderation

import (
	"context"
	"errors"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Report records by's report of a list or comment they can see and did not write, within
// the report limits.
func (s *Service) Report(ctx context.Context, by model.Actor, in ReportInput) error {
	text, err := CheckReport(in.Reason, in.Text)
	if err != nil {
		return err
	}
	kind, key, err := Target(in.TargetType, in.UserID, in.ListID, in.CommentID)
	if err != nil {
		return err
	}
	if err := s.reportable(ctx, by.User, kind, in); err != nil {
		return err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, ReportPerUser, ReportPerClient); err != nil {
		return err
	}
	err = s.store.AddReport(ctx, model.Report{ReporterID: by.UserID(), Kind: kind, Key: key,
		Reason: in.Reason, Text: text, CreatedAt: time.Now()})
	if errors.Is(err, store.ErrAlreadyReported) {
		return ErrAlreadyReported
	}
	return err
}

// reportable checks that u may see what they report (lists.ErrNotFound or
// comments.ErrNotFound when not), and that it is not their own.
func (s *Service) reportable(ctx context.Context, u *model.User, kind string, in ReportInput) error {
	var author string
	if kind == store.KindList {
		l, err := s.lists.Ref(ctx, in.UserID, in.ListID, u.ID)
		if err != nil {
			return err
		}
		author = l.UserID
	} else {
		c, _, err := s.comments.Find(ctx, in.CommentID, u)
		if err != nil {
			return err
		}
		author = c.UserID
	}
	if author == u.ID {
		return ErrOwnContent
	}
	return nil
}
