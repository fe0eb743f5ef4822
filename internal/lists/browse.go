package lists

import (
	"context"
	"time"

	"castaway/internal/model"
)

// Browse is the page of public lists q asks for; a problem for a cursor that is not
// this sort's (or no longer reads).
func (s *Service) Browse(ctx context.Context, q model.BrowseQuery) (*model.BrowseResult, error) {
	res, err := s.store.BrowsePage(ctx, q)
	return res, cursorChecked(err)
}

// HomeWindow is how far back "Top Voted Lists This Week" counts upvotes.
const HomeWindow = 7 * 24 * time.Hour

// Home is the home page's lists every visitor sees alike: the week's top and the newest.
func (s *Service) Home(ctx context.Context) (*model.Home, error) {
	return s.store.HomeShared(ctx, s.now().Add(-HomeWindow))
}

// FavoriteLists is the home page's section of userID's favorite lists they may still see.
func (s *Service) FavoriteLists(ctx context.Context, userID string) ([]model.ListSummary, error) {
	return s.store.FavoriteLists(ctx, userID)
}
