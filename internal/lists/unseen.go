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
	ErrOwnerBlocked = problem.New(problem.NotFound, "hidden_for_you", "You blocked this user, so their lists are hidden from you.")
	ErrListReported = problem.New(problem.NotFound, "hidden_for_you", "You reported this list, so it is hidden from you.")
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

// ListFor is nil when viewer (nil when signed out) sees the list listID of ownerID they
// may open, else the problem saying that they chose not to: they blocked its owner or
// reported it. Their own list is always theirs to see.
func ListFor(ctx context.Context, st *store.Store, viewer *model.User, ownerID, listID string) error {
	if viewer == nil || viewer.Filters == 0 || ownerID == viewer.ID {
		return nil
	}
	key := store.ListKey(ownerID, listID)
	unseen, err := st.UnseenAmong(ctx, viewer.ID, []string{ownerID}, []string{key}, nil)
	if err != nil {
		return err
	}
	return ListUnseen(unseen, ownerID, key)
}

// ListsFor is ls without the lists of users viewer blocked and the lists they reported;
// ref names each list (its owner and id).
func ListsFor[T any](ctx context.Context, st *store.Store, viewer *model.User, ls []T, ref func(T) (ownerID, listID string)) ([]T, error) {
	if viewer == nil || viewer.Filters == 0 || len(ls) == 0 {
		return ls, nil
	}
	users, keys := make([]string, len(ls)), make([]string, len(ls))
	for i, l := range ls {
		owner, id := ref(l)
		users[i], keys[i] = owner, store.ListKey(owner, id)
	}
	unseen, err := st.UnseenAmong(ctx, viewer.ID, users, keys, nil)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(ls))
	for i, l := range ls {
		if !unseen.Hides(users[i], keys[i], "") {
			out = append(out, l)
		}
	}
	return out, nil
}
