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

// A public remix counts for its original from the moment it is saved until it is made
// private or deleted; the remix names its original while it exists; the remixes page in
// order; every step leaves the counts as a recount finds them.
func TestRemixCountsAndOrigin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, b := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		orig, err := s.CreateList(ctx, a.ID, lists.IDs(listT0), listContent("Originals", "Parvati Shallow", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		ref := model.ListRef{UserID: a.ID, ListID: orig.ID}
		remixCount := func() int {
			t.Helper()
			l, err := s.List(ctx, a.ID, orig.ID)
			if err != nil {
				t.Fatal(err)
			}
			return l.RemixCount
		}
		verify := func(when string) {
			t.Helper()
			if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
				t.Fatalf("verify %s: %v %v", when, problems, err)
			}
		}
		remix := func(name string, public bool, at time.Time) *model.List {
			t.Helper()
			c := listContent(name, "Tom Westman", "Parvati Shallow")
			c.IsPublic, c.RemixOf = public, ref
			l, err := s.CreateList(ctx, b.ID, lists.IDs(at), c, at)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		r1 := remix("Remix one", true, listT0.Add(time.Minute))
		if r1.RemixOf != ref || r1.Origin == nil || r1.Origin.Name != "Originals" || r1.Origin.UserName != "Ann" || !r1.Origin.IsPublic {
			t.Errorf("remix origin %+v %+v", r1.RemixOf, r1.Origin)
		}
		if n := remixCount(); n != 1 {
			t.Errorf("after a public remix: %d", n)
		}
		r2 := remix("Remix two", false, listT0.Add(2*time.Minute))
		if n := remixCount(); n != 1 {
			t.Errorf("a private remix counted: %d", n)
		}
		verify("after remixes")

		// Made public, the second counts; the origin survives the edit.
		c := listContent("Remix two", "Tom Westman")
		c.IsPublic = true
		r2, err = s.UpdateList(ctx, b.ID, r2.ID, c, listT0.Add(3*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if n := remixCount(); n != 2 || r2.RemixOf != ref {
			t.Errorf("after publishing: count %d, origin %+v", n, r2.RemixOf)
		}
		r3 := remix("Remix three", true, listT0.Add(4*time.Minute))
		verify("after publishing")

		// Pages, newest first.
		var got []string
		cursor := ""
		for range 5 {
			page, next, err := s.Remixes(ctx, ref, cursor, 2)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, names(page)...)
			if cursor = next; cursor == "" {
				break
			}
		}
		if want := []string{"Remix three", "Remix two", "Remix one"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("remix pages %v, want %v", got, want)
		}
		if _, _, err := s.Remixes(ctx, ref, "garbage!", 2); err != store.ErrBadCursor {
			t.Errorf("bad cursor: %v", err)
		}

		if err := s.DeleteList(ctx, b.ID, r3.ID); err != nil {
			t.Fatal(err)
		}
		c.IsPublic = false
		if _, err := s.UpdateList(ctx, b.ID, r1.ID, c, listT0.Add(5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n := remixCount(); n != 1 {
			t.Errorf("after a delete and a hide: %d", n)
		}
		verify("after a delete and a hide")

		// The original gone, the remix still knows where it came from but names nothing.
		if err := s.DeleteList(ctx, a.ID, orig.ID); err != nil {
			t.Fatal(err)
		}
		l, err := s.List(ctx, b.ID, r2.ID)
		if err != nil {
			t.Fatal(err)
		}
		if l.RemixOf != ref || l.Origin != nil {
			t.Errorf("remix of a deleted list: %+v %+v", l.RemixOf, l.Origin)
		}
		verify("after the original went")

		// A rebuild puts a broken count right.
		if _, err := s.DB().ExecContext(ctx, `UPDATE lists SET remix_count = 7 WHERE user_id = $1 AND id = $2`, b.ID, r2.ID); err != nil {
			t.Fatal(err)
		}
		if problems, _ := s.VerifyAggregates(ctx); len(problems) != 1 {
			t.Errorf("verify missed a wrong remix count: %v", problems)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		verify("after a rebuild")
	})
}
