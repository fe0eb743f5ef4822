package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Pages are read (and shared) as everyone sees them; what one reader blocked or reported
// is then left out of the page for them alone, with one query the size of the page, and
// none for a reader who never blocked or reported anything.

// A list page the reader asked not to see.
var (
	ErrOwnerBlocked = problem.New(problem.NotFound, "hidden_for_you", problem.MsgOwnerBlocked)
	ErrListReported = problem.New(problem.NotFound, "hidden_for_you", problem.MsgListReported)
)

// ListUnseen says why a reader who blocked or reported (unseen) does not see the list
// key of ownerID, or nil when they do.
func ListUnseen(unseen model.Unseen, ownerID, key string) error {
	switch {
	case unseen.Users[ownerID]:
		return ErrOwnerBlocked
	case unseen.Lists[key]:
		return ErrListReported
	}
	return nil
}

// listFor is nil when viewer (nil when signed out) sees the list listID of ownerID they
// may open, else the problem saying that they chose not to: they blocked its owner or
// reported it. Their own list is always theirs to see.
func (s *Service) listFor(ctx context.Context, viewer *model.User, ownerID, listID string) error {
	if viewer == nil || viewer.Filters == 0 || ownerID == viewer.ID {
		return nil
	}
	key := store.ListKey(ownerID, listID)
	unseen, err := s.store.UnseenAmong(ctx, viewer.ID, []string{ownerID}, []string{key}, nil)
	if err != nil {
		return err
	}
	return ListUnseen(unseen, ownerID, key)
}

// Hidden tells, for each of refs, whether viewer (nil when signed out) chose not to see
// it: they blocked its owner or reported it. nil when they hide none of them.
func (s *Service) Hidden(ctx context.Context, viewer *model.User, refs []model.ListRef) ([]bool, error) {
	if viewer == nil || viewer.Filters == 0 || len(refs) == 0 {
		return nil, nil
	}
	users, keys := make([]string, len(refs)), make([]string, len(refs))
	for i, l := range refs {
		users[i], keys[i] = l.UserID, store.ListKey(l.UserID, l.ListID)
	}
	unseen, err := s.store.UnseenAmong(ctx, viewer.ID, users, keys, nil)
	if err != nil {
		return nil, err
	}
	var hidden []bool
	for i := range refs {
		if unseen.Hides(users[i], keys[i], "") {
			if hidden == nil {
				hidden = make([]bool, len(refs))
			}
			hidden[i] = true
		}
	}
	return hidden, nil
}

// seen is ls without the lists viewer chose not to see (Hidden), in a slice of its own
// when it leaves any out, so a page shared among readers stays whole.
func (s *Service) seen(ctx context.Context, viewer *model.User, ls []model.ListSummary) ([]model.ListSummary, error) {
	refs := make([]model.ListRef, len(ls))
	for i, l := range ls {
		refs[i] = model.ListRef{UserID: l.UserID, ListID: l.ID}
	}
	hidden, err := s.Hidden(ctx, viewer, refs)
	if err != nil || hidden == nil {
		return ls, err
	}
	out := make([]model.ListSummary, 0, len(ls))
	for i, l := range ls {
		if !hidden[i] {
			out = append(out, l)
		}
	}
	return out, nil
}
