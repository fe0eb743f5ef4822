package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Create saves a new list of a's from in, numbered by its time (IDs), and tells the
// author of the list it remixes, if any. The save counts against a's save limits.
func (s *Service) Create(ctx context.Context, a model.Actor, in Input) (*model.List, error) {
	if err := s.take(ctx, a, SavePerUser, SavePerClient); err != nil {
		return nil, err
	}
	c, err := ValidateList(s.catalog, in)
	if err != nil {
		return nil, err
	}
	stored := c.Stored(Public(in.Public))
	u := a.User
	var original *model.ListVisibility
	if in.RemixOf != nil {
		if original, err = s.remixSource(ctx, *in.RemixOf, u.ID); err != nil {
			return nil, err
		}
		stored.RemixOf = model.ListRef{UserID: original.UserID, ListID: original.ID}
	}
	now := s.now()
	l, notified, err := s.store.CreateListNotifying(ctx, u.ID, IDs(now), stored, now, func(id string) []*model.Notification {
		if original == nil {
			return nil
		}
		if n := notify.ForRemix(notify.Actor{ID: u.ID, Name: u.DisplayName}, original, id, now); n != nil {
			return []*model.Notification{n}
		}
		return nil
	})
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
