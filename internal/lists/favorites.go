package lists

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Favorite stars the list ownerID/listID for a, who must be able to see it; an
// account keeps at most model.MaxFavorites.
func (s *Service) Favorite(ctx context.Context, a model.Actor, ownerID, listID string) error {
	l, err := s.markTarget(ctx, a, ownerID, listID)
	if err != nil {
		return err
	}
	err = s.store.AddFavorite(ctx, a.UserID(), l.UserID, l.ID, s.now())
	if errors.Is(err, store.ErrTooManyFavorites) {
		return ErrTooManyFavorites
	}
	return store.NotFoundAs(err, ErrNotFound) // deleted meanwhile
}

// Unfavorite lets a's star on ownerID/listID go. It works on lists a can no longer see
// too, so a favorite of a list made private can still be let go.
func (s *Service) Unfavorite(ctx context.Context, a model.Actor, ownerID, listID string) error {
	if err := s.take(ctx, a, MarkPerUser, MarkPerClient); err != nil {
		return err
	}
	return s.store.RemoveFavorite(ctx, a.UserID(), ownerID, listID)
}

// Favorites is every list userID starred, newest star first.
func (s *Service) Favorites(ctx context.Context, userID string) ([]model.Favorite, error) {
	return s.store.Favorites(ctx, userID)
}
