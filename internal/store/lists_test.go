package store_test

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var listT0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func listUser(t testing.TB, s *store.Store, name string) *model.User {
	t.Helper()
	u := &model.User{ID: "u-" + strings.ToLower(name), Email: strings.ToLower(name) + "@example.com", DisplayName: name, CreatedAt: listT0}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// content is a public contestant list with one item per name.
func listContent(name string, itemNames ...string) model.ListContent {
	c := model.ListContent{Name: name, IsPublic: true, Tags: []string{"survivor-ranking"}}
	for _, n := range itemNames {
		c.Items = append(c.Items, model.Item{ID: strings.ToLower(strings.ReplaceAll(n, " ", "-")), Name: n,
			ImageURL: "/media/x", SeasonID: "s1", SeasonName: "Survivor: Borneo"})
	}
	c.SearchText = strings.ToLower(name + "\n" + strings.Join(itemNames, "\n"))
	return c
}

func TestCreateGetUpdateList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Parv")
		if err := s.SaveDraft(ctx, u.ID, &model.Draft{Name: "half done", UpdatedAt: listT0}); err != nil {
			t.Fatal(err)
		}
		c := listContent("Queens", "Parvati Shallow", "Sandra Diaz-Twine")
		c.Description = "the best"
		c.Tags = []string{"favorites", "survivor-ranking"}
		l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), c, listT0)
		if err != nil {
			t.Fatal(err)
		}
		if want := "list_1740830400000"; l.ID != want {
			t.Errorf("id %q, want %q", l.ID, want)
		}
		if l.UserName != "Parv" || !l.CreatedAt.Equal(listT0) || !l.UpdatedAt.Equal(listT0) || l.ItemCount != 2 || !l.IsPublic {
			t.Errorf("created %+v", l)
		}
		if !reflect.DeepEqual(l.Items, c.Items) || !reflect.DeepEqual(l.Tags, []string{"favorites", "survivor-ranking"}) {
			t.Errorf("items %+v tags %v", l.Items, l.Tags)
		}
		if _, err := s.Draft(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("draft after save: %v, want cleared", err)
		}

		// Two saves in the same millisecond get distinct ids.
		second, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), listContent("Another", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		third, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), listContent("Third", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		if second.ID != "list_1740830400001" || third.ID != "list_1740830400002" {
			t.Errorf("bumped ids %q %q", second.ID, third.ID)
		}
		// Another owner may use the same id.
		other := listUser(t, s, "Other")
		if ol, err := s.CreateList(ctx, other.ID, lists.IDs(listT0), listContent("Mine", "Tom Westman"), listT0); err != nil || ol.ID != l.ID {
			t.Errorf("other owner's id %v %v", ol, err)
		}

		upd := listContent("Kings", "Tom Westman", "Rob Mariano", "Boston Rob")
		upd.IsPublic = false
		later := listT0.Add(time.Hour)
		got, err := s.UpdateList(ctx, u.ID, l.ID, upd, later)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "Kings" || got.IsPublic || got.ItemCount != 3 || !got.CreatedAt.Equal(listT0) || !got.UpdatedAt.Equal(later) ||
			!reflect.DeepEqual(got.Items, upd.Items) || !reflect.DeepEqual(got.Tags, []string{"survivor-ranking"}) {
			t.Errorf("updated %+v", got)
		}
		if _, err := s.UpdateList(ctx, u.ID, "list_404", upd, later); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("update missing: %v", err)
		}
		if _, err := s.List(ctx, other.ID, "list_404"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("get missing: %v", err)
		}
	})
}

func TestDeleteListRemovesEverythingAttached(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := listUser(t, s, "Owner"), listUser(t, s, "Fan")
		l, err := s.CreateList(ctx, owner.ID, lists.IDs(listT0), listContent("Doomed", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		keep, err := s.CreateList(ctx, owner.ID, lists.IDs(listT0.Add(time.Second)), listContent("Kept", "Tom Westman"), listT0.Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		db := s.DB()
		for _, id := range []string{l.ID, keep.ID} {
			execOK(t, db, `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at) VALUES ($1, $2, $3, 0)`, owner.ID, id, fan.ID)
			execOK(t, db, `INSERT INTO favorites (user_id, list_user_id, list_id, favorited_at) VALUES ($1, $2, $3, 0)`, fan.ID, owner.ID, id)
			execOK(t, db, `INSERT INTO comments (id, list_user_id, list_id, user_id, text, created_at) VALUES ($1, $2, $3, $4, 'hi', 0)`, "c"+id, owner.ID, id, fan.ID)
		}
		execOK(t, db, `INSERT INTO comments (id, list_user_id, list_id, user_id, parent_id, text, created_at) VALUES ('reply', $1, $2, $3, $4, 'yo', 0)`, owner.ID, l.ID, fan.ID, "c"+l.ID)
		execOK(t, db, `INSERT INTO comment_votes (comment_id, user_id, value) VALUES ($1, $2, 1)`, "c"+l.ID, owner.ID)

		if err := s.DeleteList(ctx, owner.ID, l.ID); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"list_items", "list_tags", "list_upvotes", "favorites", "comments"} {
			var n int
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+table+` WHERE list_user_id = $1 AND list_id = $2`, owner.ID, l.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("%s still has %d rows of the deleted list", table, n)
			}
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+table+` WHERE list_user_id = $1 AND list_id = $2`, owner.ID, keep.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Errorf("%s lost the rows of the other list", table)
			}
		}
		var votes int
		db.QueryRowContext(ctx, `SELECT count(*) FROM comment_votes`).Scan(&votes)
		if votes != 0 {
			t.Errorf("comment votes left: %d", votes)
		}
		if _, err := s.List(ctx, owner.ID, l.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted list still readable: %v", err)
		}
		if err := s.DeleteList(ctx, owner.ID, l.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("second delete: %v", err)
		}
	})
}

func TestListMarks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := listUser(t, s, "Owner"), listUser(t, s, "Fan")
		l, err := s.CreateList(ctx, owner.ID, lists.IDs(listT0), listContent("L", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		execOK(t, s.DB(), `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at) VALUES ($1, $2, $3, 0)`, owner.ID, l.ID, fan.ID)
		up, fav, err := s.ListMarks(ctx, owner.ID, l.ID, fan.ID)
		if err != nil || !up || fav {
			t.Errorf("fan marks: %v %v %v", up, fav, err)
		}
		if up, fav, err := s.ListMarks(ctx, owner.ID, l.ID, owner.ID); err != nil || up || fav {
			t.Errorf("owner marks: %v %v %v", up, fav, err)
		}
	})
}

func TestDrafts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Drafter")
		if _, err := s.Draft(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("no draft yet: %v", err)
		}
		d := &model.Draft{Name: "wip", Description: "d", Tags: []string{"social"}, Items: listContent("x", "Tom Westman").Items, UpdatedAt: listT0}
		if err := s.SaveDraft(ctx, u.ID, d); err != nil {
			t.Fatal(err)
		}
		d.Name, d.IsPublic, d.UpdatedAt = "wip 2", true, listT0.Add(time.Minute)
		if err := s.SaveDraft(ctx, u.ID, d); err != nil {
			t.Fatal(err)
		}
		got, err := s.Draft(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, d) {
			t.Errorf("draft %+v, want %+v", got, d)
		}
		if err := s.DeleteDraft(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Draft(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("after delete: %v", err)
		}
	})
}

func TestProfileAndIdols(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Hunter")
		s.CreateList(ctx, u.ID, lists.IDs(listT0), listContent("Public", "Tom Westman"), listT0)
		hidden := listContent("Hidden", "Tom Westman")
		hidden.IsPublic = false
		s.CreateList(ctx, u.ID, lists.IDs(listT0.Add(time.Second)), hidden, listT0.Add(time.Second))
		for want := 1; want <= 2; want++ {
			if n, err := s.AddIdol(ctx, u.ID); err != nil || n != want {
				t.Fatalf("AddIdol = %d, %v; want %d", n, err, want)
			}
		}
		p, err := s.Profile(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if *p != (model.Profile{ID: u.ID, DisplayName: "Hunter", IdolsFound: 2, ListCount: 1}) {
			t.Errorf("profile %+v", p)
		}
		if _, err := s.Profile(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("missing profile: %v", err)
		}
		if _, err := s.AddIdol(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("idol for nobody: %v", err)
		}
		if ok, err := s.UserExists(ctx, u.ID); !ok || err != nil {
			t.Errorf("UserExists = %v %v", ok, err)
		}
	})
}

// TestConcurrentIdols: finds made at the same moment each count exactly once, and
// each answers a different total.
func TestConcurrentIdols(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Hunter")
		const finds = 24
		totals := make(chan int, finds)
		var wg sync.WaitGroup
		for range finds {
			wg.Go(func() {
				n, err := s.AddIdol(ctx, u.ID)
				if err != nil {
					t.Error(err)
				}
				totals <- n
			})
		}
		wg.Wait()
		close(totals)
		seen := map[int]bool{}
		for n := range totals {
			if n < 1 || n > finds || seen[n] {
				t.Errorf("total %d answered twice or out of range", n)
			}
			seen[n] = true
		}
		if p, err := s.Profile(ctx, u.ID); err != nil || p.IdolsFound != finds {
			t.Errorf("after %d concurrent finds: %+v %v", finds, p, err)
		}
	})
}

// execOK runs a statement that must succeed, for fixtures other features own.
func execOK(t testing.TB, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatal(err)
	}
}
