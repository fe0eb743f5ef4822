package lists

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Create saves a new list of a's from in, numbered by its time (IDs), within a's save
// limits, and tells the author of the list it remixes, if any: a list a may see, which
// the store reads in the save's transaction.
func (s *Service) Create(ctx context.Context, a model.Actor, in Input) (*model.List, error) {
	c, err := ValidateList(s.catalog, in)
	if err != nil {
		return nil, err
	}
	stored := c.Stored(Public(in.Public))
	if in.RemixOf != nil {
		stored.RemixOf = *in.RemixOf
	}
	u, now := a.User, s.now()
	tells := func(id string, original *model.ListVisibility) []*model.Notification {
		if original == nil {
			return nil
		}
		if n := notify.ForRemix(notify.Actor{ID: u.ID, Name: u.DisplayName}, original, id, now); n != nil {
			return []*model.Notification{n}
		}
		return nil
	}
	if err := s.take(ctx, a, SavePerUser, SavePerClient); err != nil {
		return nil, err
	}
	l, notified, err := s.store.CreateListNotifying(ctx, u.ID, IDs(now), stored, now, tells)
	if errors.Is(err, store.ErrRemixGone) {
		return nil, errRemixGone
	}
	if err != nil {
		return nil, err
	}
	s.inbox.Wake(ctx, notified...)
	if l.Listed() {
		s.published()
	}
	return l, nil
}

// Update replaces the content of a's list listID of ownerID with in (a remix keeps its
// origin); only its owner may. The answer carries the owner's own marks on it.
func (s *Service) Update(ctx context.Context, a model.Actor, ownerID, listID string, in Input) (Opened, error) {
	if err := s.take(ctx, a, SavePerUser, SavePerClient); err != nil {
		return Opened{}, err
	}
	u := a.User
	if err := CanEdit(u.ID, ownerID); err != nil {
		return Opened{}, err
	}
	c, err := ValidateList(s.catalog, in)
	if err != nil {
		return Opened{}, err
	}
	l, err := s.store.UpdateList(ctx, u.ID, listID, c.Stored(Public(in.Public)), s.now())
	if err != nil {
		return Opened{}, store.NotFoundAs(err, ErrGone)
	}
	if l.Listed() {
		s.published()
	}
	s.inbox.Changed(ctx) // it may have been made private or public
	out := Opened{List: l}
	// The list is saved: a failing read of its marks is logged, not the save's failure.
	if out.Upvoted, out.Favorited, err = s.store.ListMarks(ctx, u.ID, listID, u.ID); err != nil {
		s.log.ErrorContext(ctx, "read list marks", "err", err)
	}
	return out, nil
}

// Delete deletes a's list listID of ownerID; only its owner may.
func (s *Service) Delete(ctx context.Context, a model.Actor, ownerID, listID string) error {
	if err := s.take(ctx, a, SavePerUser, SavePerClient); err != nil {
		return err
	}
	if err := CanDelete(a.UserID(), ownerID); err != nil {
		return err
	}
	if err := s.store.DeleteList(ctx, a.UserID(), listID); err != nil {
		return store.NotFoundAs(err, ErrNoSuchList)
	}
	s.inbox.Changed(ctx) // notifications of it leave every inbox
	return nil
}
