package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Profile is a user's public profile as a reader sees it.
type Profile struct {
	*model.Profile
	// BlockedByMe tells whether the reader blocked this user; FollowedByMe whether they follow them.
	BlockedByMe, FollowedByMe bool
}

// Profile is userID's public profile as viewer (nil: signed out) may read it: a
// suspended account's only for admins.
func (s *Service) Profile(ctx context.Context, viewer *model.User, userID string) (Profile, error) {
	p, err := s.store.Profile(ctx, userID)
	if err != nil {
		return Profile{}, store.NotFoundAs(err, problem.ErrUserNotFound)
	}
	if err := ProfileShown(p, viewer); err != nil {
		return Profile{}, err
	}
	out := Profile{Profile: p}
	if viewer != nil && viewer.Filters > 0 {
		if out.BlockedByMe, err = s.store.Blocked(ctx, p.ID, viewer.ID); err != nil {
			return Profile{}, err
		}
	}
	if viewer != nil && viewer.Following > 0 {
		if out.FollowedByMe, err = s.store.Follows(ctx, viewer.ID, p.ID); err != nil {
			return Profile{}, err
		}
	}
	return out, nil
}

// UserLists is userID's lists that viewer (nil when signed out) may see and did not
// choose not to, most recently updated first: the user themself also sees their private
// lists.
func (s *Service) UserLists(ctx context.Context, viewer *model.User, userID string) ([]model.ListSummary, error) {
	exists, err := s.store.UserExists(ctx, userID)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, problem.ErrUserNotFound
	}
	owned, err := s.store.UserLists(ctx, userID, model.ViewerOf(viewer).ID)
	if err != nil {
		return nil, err
	}
	return s.seen(ctx, viewer, owned)
}

// UserExists tells whether there is an account userID (whose page may be shown).
func (s *Service) UserExists(ctx context.Context, userID string) (bool, error) {
	return s.store.UserExists(ctx, userID)
}

// IdolSearch is what a search for an idol found, and how many a now holds.
type IdolSearch struct {
	Found      bool
	IdolsFound int
}

// SearchIdol rolls for a hidden immunity idol when a clicks the card of seasonID:
// found at chance, drawn from draw (FindsIdol). Over the limit a search finds
// nothing, without an error; the spec only logs idol tracking failures, so a
// failing count is logged and the click answered.
func (s *Service) SearchIdol(ctx context.Context, a model.Actor, seasonID string, chance float64, draw func() float64) (IdolSearch, error) {
	if _, ok := s.catalog.Season(seasonID); !ok {
		return IdolSearch{}, ErrUnknownSeason
	}
	res := IdolSearch{IdolsFound: a.User.IdolsFound}
	err := s.take(ctx, a, IdolSearchPerUser, IdolSearchPerClient)
	if err == nil && FindsIdol(chance, draw) {
		var n int
		if n, err = s.store.AddIdol(ctx, a.UserID()); err == nil {
			res.Found, res.IdolsFound = true, n
		}
	}
	if p, limited := problem.As(err); err != nil && !(limited && p.Kind == problem.RateLimited) {
		s.log.ErrorContext(ctx, "idol search", "err", err)
	}
	return res, nil
}

// ProfileShown says whether viewer may see the page of an account: a suspended one is
// for moderators only.
func ProfileShown(p *model.Profile, viewer *model.User) error {
	if p.Suspended && (viewer == nil || !viewer.IsAdmin) {
		return problem.ErrAccountIsSuspended
	}
	return nil
}
