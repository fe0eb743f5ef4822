package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Every change to what a visitor's page of a thread shows moves the list's thread version
// on, in its own transaction, so a page kept under the version it was read at is never
// shown after the change; a change to another thread leaves it where it is.
func TestThreadVersionMovesWithEveryChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cy, mod := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cy"), listUser(t, s, "Mod")
		l, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Heroes", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0.Add(time.Second)), listContent("Villains", "Russell Hantz"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		version := func(listID string) int64 {
			t.Helper()
			v, err := s.ListVisibilityOf(ctx, ann.ID, listID)
			if err != nil {
				t.Fatal(err)
			}
			return v.ThreadVersion
		}
		last := version(l.ID)
		moves := func(what string, change func() error) {
			t.Helper()
			if err := change(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if v := version(l.ID); v <= last {
				t.Errorf("%s: thread version %d, was %d", what, v, last)
			} else {
				last = v
			}
		}
		add := func(id, author, parent, listID string) error {
			_, err := s.CreateComment(ctx, &model.Comment{ID: id, ListUserID: ann.ID, ListID: listID, UserID: author,
				ParentID: parent, Text: id, CreatedAt: time.Now()}, nil)
			return err
		}
		act := func(action, kind, key string) func() error {
			return func() error {
				_, err := s.Moderate(ctx, &model.Action{ID: action + key + time.Now().String(), AdminID: mod.ID,
					AdminName: "Mod", Action: action, Kind: kind, Key: key, CreatedAt: time.Now()})
				return err
			}
		}

		moves("a comment", func() error { return add("c1", ben.ID, "", l.ID) })
		moves("a reply", func() error { return add("c1r1", cy.ID, "c1", l.ID) })
		moves("another comment", func() error { return add("c2", cy.ID, "", l.ID) })
		moves("an upvote", func() error { _, err := s.SetCommentVote(ctx, "c1", cy.ID, 1, nil); return err })
		moves("a vote changed", func() error { _, err := s.SetCommentVote(ctx, "c1", cy.ID, -1, nil); return err })
		moves("a vote withdrawn", func() error { _, err := s.SetCommentVote(ctx, "c1", cy.ID, 0, nil); return err })
		report(t, s, ann.ID, store.KindComment, "c1r1", "harassment", "")
		moves("a reply hidden", act(store.ActionHide, store.KindComment, "c1r1"))
		moves("a reply restored", act(store.ActionRestore, store.KindComment, "c1r1"))
		moves("its author renamed", func() error { _, err := s.RenameUser(ctx, ben.ID, "Benjamin"); return err })
		moves("its author suspended", func() error {
			return s.Suspend(ctx, ben.ID, model.Suspension{Since: time.Now(), Reason: "spam"},
				&model.Action{ID: "s1", AdminName: "Mod", Action: store.ActionSuspend, CreatedAt: time.Now()})
		})
		moves("its author restored", func() error {
			return s.Unsuspend(ctx, ben.ID, time.Time{}, &model.Action{ID: "u1", AdminName: "Mod", Action: store.ActionUnsuspend,
				CreatedAt: time.Now()})
		})
		if _, err := s.DB().ExecContext(ctx, `UPDATE comments SET upvotes = 7 WHERE id = 'c2'`); err != nil {
			t.Fatal(err)
		}
		moves("its votes recounted", func() error { return s.RepairAggregate(ctx, store.AggCounts) })
		moves("a comment deleted", func() error { return s.DeleteComment(ctx, "c2") })
		if _, err := s.SetCommentVote(ctx, "c1", mod.ID, 1, nil); err != nil {
			t.Fatal(err)
		}
		last = version(l.ID)
		moves("a voter's account deleted", func() error { return s.DeleteAccount(ctx, mod.ID) })
		moves("an author's account deleted", func() error { return s.DeleteAccount(ctx, cy.ID) })

		was := version(l.ID)
		if err := add("o1", ben.ID, "", other.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetCommentVote(ctx, "o1", ann.ID, 1, nil); err != nil {
			t.Fatal(err)
		}
		if v := version(l.ID); v != was {
			t.Errorf("another list's thread moved this one's version on: %d, was %d", v, was)
		}
		verifyAll(t, s, "after the changes")
	})
}
