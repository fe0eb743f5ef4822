package listcache_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"castaway/internal/listcache"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// newList makes a fan and their public list of names, on a store read through a cache.
func newList(t *testing.T, s *store.Store, names ...string) (*model.List, model.ListContent) {
	t.Helper()
	listcache.Use(s)
	ctx := context.Background()
	u := &model.User{ID: "u-kept", Email: "kept@example.com", DisplayName: "Kept", CreatedAt: t0}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	c := content(names...)
	l, err := s.CreateList(ctx, u.ID, lists.IDs(t0), c, t0)
	if err != nil {
		t.Fatal(err)
	}
	return l, c
}

func content(names ...string) model.ListContent {
	c := model.ListContent{Name: "Queens", IsPublic: true, Tags: []string{"survivor-ranking"}}
	for _, n := range names {
		c.Items = append(c.Items, model.Item{ID: strings.ToLower(strings.ReplaceAll(n, " ", "-")), Name: n,
			ImageURL: "/media/x", SeasonID: "s1", SeasonName: "Survivor: Borneo"})
	}
	return c
}

// A list's entries are kept by the list's version: a reader who changes the entries it
// was given changes no one else's, a read again comes from what was kept, and an edit
// (even in the same millisecond) shows at once.
func TestListEntriesKeptByVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		l, c := newList(t, s, "Parvati Shallow", "Sandra Diaz-Twine")
		first, err := s.List(ctx, l.UserID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		first.Items[0].Name = "changed by a reader"
		first.Items = append(first.Items[:1], first.Items...)
		// Rows gone behind the store's back, the version unmoved: what was kept is read.
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM list_items WHERE list_id = $1`, l.ID); err != nil {
			t.Fatal(err)
		}
		again, err := s.List(ctx, l.UserID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again.Items, c.Items) {
			t.Errorf("read again: %+v, want %+v", again.Items, c.Items)
		}

		edit := content("Tom Westman")
		if _, err := s.UpdateList(ctx, l.UserID, l.ID, edit, t0); err != nil {
			t.Fatal(err)
		}
		edited, err := s.List(ctx, l.UserID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(edited.Items, edit.Items) {
			t.Errorf("after the edit: %+v, want %+v", edited.Items, edit.Items)
		}
	})
}

// A list's card is kept by the list's version in the same way: browse reads it once, and
// an edit shows on the next page read.
func TestCardsKeptByVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		l, _ := newList(t, s, "Parvati Shallow", "Sandra Diaz-Twine")
		top := func() []string {
			t.Helper()
			page, _, err := s.Browse(ctx, model.BrowseQuery{Type: model.TypeAll, Sort: model.SortNewest, Page: 1, PageSize: 10})
			if err != nil || len(page) != 1 {
				t.Fatalf("browse: %v, %v", page, err)
			}
			var names []string
			for _, it := range page[0].TopItems {
				names = append(names, it.Name)
			}
			return names
		}
		want := []string{"Parvati Shallow", "Sandra Diaz-Twine"}
		if got := top(); !reflect.DeepEqual(got, want) {
			t.Fatalf("card: %v, want %v", got, want)
		}
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM list_items WHERE list_id = $1`, l.ID); err != nil {
			t.Fatal(err)
		}
		if got := top(); !reflect.DeepEqual(got, want) {
			t.Errorf("card read again: %v, want the kept %v", got, want)
		}
		if _, err := s.UpdateList(ctx, l.UserID, l.ID, content("Tom Westman"), t0); err != nil {
			t.Fatal(err)
		}
		if got := top(); !reflect.DeepEqual(got, []string{"Tom Westman"}) {
			t.Errorf("card after the edit: %v, want [Tom Westman]", got)
		}
	})
}
