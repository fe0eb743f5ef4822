package consensus

import (
	"context"
	"reflect"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A kept ranking is answered only while it is the one a fresh read makes: after every
// save, edit, delete, rename of an author and rebuild, the service that keeps rankings
// answers as one that has kept nothing: on the consensus pages, and on a castaway's page
// (their places in each of their seasons and all time).
func TestKeptRankingFollowsEveryChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx, cat := context.Background(), catalog.MustLoad()
		kept := NewService(st, cat, nil)
		season, _ := cat.Season("s20")
		cast := season.Contestants
		t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		users := map[string]*model.User{}
		for _, name := range []string{"Ann", "Ben", "Cy"} {
			u := &model.User{ID: "u-" + name, Email: name + "@example.com", DisplayName: name, CreatedAt: t0}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			users[name] = u
		}
		content := func(name string, order ...int) model.ListContent {
			c := model.ListContent{Name: name, IsPublic: true, Tags: []string{"survivor-ranking"}}
			for _, i := range order {
				c.Items = append(c.Items, model.Item{ID: cast[i].ID, Name: cast[i].Name, ImageURL: "/x", SeasonID: "s20", SeasonName: season.Name})
			}
			return c
		}
		same := func(when string) {
			t.Helper()
			for _, rank := range []func(*Service) (Ranking, error){
				func(s *Service) (Ranking, error) { return s.Season(ctx, "s20") },
				func(s *Service) (Ranking, error) { return s.Seasons(ctx) },
			} {
				got, err := rank(kept)
				if err != nil {
					t.Fatal(err)
				}
				want, err := rank(NewService(st, cat, nil))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: kept %+v\nfresh %+v", when, got, want)
				}
			}
			for _, c := range cast[:4] {
				got, err := kept.Castaway(ctx, c.ID, "")
				if err != nil {
					t.Fatal(err)
				}
				want, err := NewService(st, cat, nil).Castaway(ctx, c.ID, "")
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: castaway %s kept %+v\nfresh %+v", when, c.ID, got, want)
				}
				// Their page's head (what a link previews) is their page without its lists.
				head, err := kept.CastawayHead(ctx, c.ID)
				if err != nil {
					t.Fatal(err)
				}
				want.Lists, want.NextCursor = []model.RankedList{}, ""
				if !reflect.DeepEqual(head, want) {
					t.Fatalf("%s: castaway %s's head %+v\nfresh %+v", when, c.ID, head, want)
				}
			}
		}
		same("with no lists")
		a, err := st.CreateList(ctx, "u-Ann", lists.IDs(t0), content("A", 0, 1, 2, 3), t0)
		if err != nil {
			t.Fatal(err)
		}
		same("after a first list")
		b, err := st.CreateList(ctx, "u-Ben", lists.IDs(t0.Add(time.Second)), content("B", 3, 2, 1), t0.Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.CreateList(ctx, "u-Cy", lists.IDs(t0.Add(2*time.Second)), content("C", 0, 1, 3), t0.Add(2*time.Second)); err != nil {
			t.Fatal(err)
		}
		same("after three lists")
		if r, _ := kept.Season(ctx, "s20"); r.ListCount != 3 || len(r.Agreeing) == 0 {
			t.Fatalf("three lists ranked as %+v", r)
		}
		if _, err := st.UpdateList(ctx, "u-Ben", b.ID, content("B renamed", 0, 1, 2), t0); err != nil {
			t.Fatal(err)
		}
		same("after an edit and a rename of a list")
		if _, err := st.RenameUser(ctx, "u-Ann", "Annie"); err != nil {
			t.Fatal(err)
		}
		same("after an author's rename")
		if err := st.DeleteList(ctx, "u-Ann", a.ID); err != nil {
			t.Fatal(err)
		}
		same("after a delete")
		if _, err := st.DB().ExecContext(ctx, `UPDATE consensus_items SET points = points + 7`); err != nil {
			t.Fatal(err)
		}
		if err := st.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		same("after a rebuild")
	})
}
