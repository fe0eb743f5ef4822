package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestFavorites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		fan, owner := communityUser(t, s, "Fan"), communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		communityList(t, s, owner.ID, "list_2", "Villains", true)
		communityList(t, s, fan.ID, "list_3", "Mine", false)
		t0 := time.UnixMilli(1_700_000_000_000)
		for i, l := range []struct{ owner, id string }{{owner.ID, "list_1"}, {owner.ID, "list_2"}, {fan.ID, "list_3"}} {
			if err := s.AddFavorite(ctx, fan.ID, l.owner, l.id, t0.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		// Favoriting again keeps the first time.
		if err := s.AddFavorite(ctx, fan.ID, owner.ID, "list_1", t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.AddFavorite(ctx, fan.ID, owner.ID, "list_404", t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("favorite of a missing list: %v", err)
		}

		names := func() (out []string) {
			favs, err := s.Favorites(ctx, fan.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range favs {
				out = append(out, f.Name+"@"+f.FavoritedAt.Format("15:04"))
			}
			return out
		}
		first := t0.UTC()
		want := []string{"Mine@" + first.Add(2*time.Minute).Format("15:04"), "Villains@" + first.Add(time.Minute).Format("15:04"), "Heroes@" + first.Format("15:04")}
		if got := names(); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Fatalf("favorites %v, want %v (a private list of one's own stays)", got, want)
		}

		// Made private by its owner: hidden. Deleted: gone for good.
		if _, err := s.DB().Exec(`UPDATE lists SET is_public = FALSE, chosen_public = FALSE WHERE user_id = $1 AND id = 'list_2'`, owner.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB().Exec(`DELETE FROM lists WHERE user_id = $1 AND id = 'list_1'`, owner.ID); err != nil {
			t.Fatal(err)
		}
		if got := names(); len(got) != 1 || got[0] != want[0] {
			t.Fatalf("favorites %v", got)
		}
		var rows int
		s.DB().QueryRow(`SELECT COUNT(*) FROM favorites WHERE user_id = $1`, fan.ID).Scan(&rows)
		if rows != 2 {
			t.Fatalf("favorite rows %d: the deleted list's favorite should be gone, the private one kept", rows)
		}

		if err := s.RemoveFavorite(ctx, fan.ID, fan.ID, "list_3"); err != nil {
			t.Fatal(err)
		}
		if err := s.RemoveFavorite(ctx, fan.ID, fan.ID, "list_3"); err != nil {
			t.Fatal(err)
		}
		if got := names(); len(got) != 0 {
			t.Fatalf("favorites after removal %v", got)
		}
	})
}

// An account keeps at most MaxFavorites favorites, however many stars arrive at once;
// starring one already starred stays fine at the bound.
func TestFavoritesAreBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		fan, owner := communityUser(t, s, "Fan"), communityUser(t, s, "Owner")
		const extra = 10
		for i := range model.MaxFavorites + extra {
			communityList(t, s, owner.ID, fmt.Sprintf("list_%d", i), "List", true)
		}
		now := time.Now()
		for i := range model.MaxFavorites - extra/2 {
			if err := s.AddFavorite(ctx, fan.ID, owner.ID, fmt.Sprintf("list_%d", i), now); err != nil {
				t.Fatalf("favorite %d: %v", i+1, err)
			}
		}
		var wg sync.WaitGroup
		refused := make(chan error, extra+extra/2)
		for i := model.MaxFavorites - extra/2; i < model.MaxFavorites+extra; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.AddFavorite(ctx, fan.ID, owner.ID, fmt.Sprintf("list_%d", i), now); err != nil {
					refused <- err
				}
			}()
		}
		wg.Wait()
		close(refused)
		n := 0
		for err := range refused {
			if !errors.Is(err, store.ErrTooManyFavorites) {
				t.Fatalf("a star past the bound: %v, want ErrTooManyFavorites", err)
			}
			n++
		}
		favs, err := s.Favorites(ctx, fan.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(favs) != model.MaxFavorites || n != extra {
			t.Fatalf("%d favorites kept and %d refused, want %d and %d", len(favs), n, model.MaxFavorites, extra)
		}
		if err := s.AddFavorite(ctx, fan.ID, owner.ID, "list_0", now); err != nil {
			t.Fatalf("starring a favorite again at the bound: %v", err)
		}
	})
}
