package store_test

import (
	"context"
	"reflect"
	"testing"

	"castaway/internal/lists"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A list's entries are kept by the list's version: a reader who changes the entries it
// was given changes no one else's, and an edit (even in the same millisecond) shows at once.
func TestListEntriesKeptByVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Kept")
		c := listContent("Queens", "Parvati Shallow", "Sandra Diaz-Twine")
		l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), c, listT0)
		if err != nil {
			t.Fatal(err)
		}
		first, err := s.List(ctx, u.ID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		first.Items[0].Name = "changed by a reader"
		first.Items = append(first.Items[:1], first.Items...)
		again, err := s.List(ctx, u.ID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again.Items, c.Items) {
			t.Errorf("read again: %+v, want %+v", again.Items, c.Items)
		}

		edit := listContent("Queens", "Tom Westman")
		if _, err := s.UpdateList(ctx, u.ID, l.ID, edit, listT0); err != nil {
			t.Fatal(err)
		}
		edited, err := s.List(ctx, u.ID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(edited.Items, edit.Items) {
			t.Errorf("after the edit: %+v, want %+v", edited.Items, edit.Items)
		}
	})
}
