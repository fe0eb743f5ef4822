package moderation

import (
	"context"
	"errors"
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Block makes by no longer see blockedID's lists and comments, nor hear from them,
// within the block limits.
func (s *Service) Block(ctx context.Context, by model.Actor, blockedID string) error {
	if blockedID == by.UserID() {
		return ErrBlockSelf
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, BlockPerUser, BlockPerClient); err != nil {
		return err
	}
	err := s.store.Block(ctx, by.UserID(), blockedID, time.Now())
	switch {
	case errors.Is(err, store.ErrTooManyBlocks):
		return ErrTooManyBlocks
	case errors.Is(err, store.ErrNotFound):
		return problem.ErrUserNotFound
	case err == nil:
		s.inbox.Wake(ctx, by.UserID()) // it hides the blocked user's notifications
	}
	return err
}

// Unblock lifts by's block of blockedID, if any, counted as a block is.
func (s *Service) Unblock(ctx context.Context, by model.Actor, blockedID string) error {
	if err := s.writes.Take(ctx, by.UserID(), by.Client, BlockPerUser, BlockPerClient); err != nil {
		return err
	}
	if err := s.store.Unblock(ctx, by.UserID(), blockedID); err != nil {
		return err
	}
	s.inbox.Wake(ctx, by.UserID())
	return nil
}

// Blocks are the users by blocked.
func (s *Service) Blocks(ctx context.Context, by model.Actor) ([]model.BlockedUser, error) {
	return s.store.Blocks(ctx, by.UserID())
}
