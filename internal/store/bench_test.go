package store_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
)

// BenchmarkReads measures every read a visitor's home, browse and list pages make, on a
// seeded community of 100,000 lists (500,000 items, 300,000 upvotes, 30,000 comments), on
// SQLite and, with CASTAWAY_TEST_POSTGRES_URL, PostgreSQL. Run it on purpose:
//
//	go test -run '^$' -bench Reads ./internal/store
//
// The first run seeds (minutes); later runs reuse the seeded database.
func BenchmarkReads(b *testing.B) {
	ctx := context.Background()
	now := time.Now()
	stores := seededStores(b, seedSize{users: 10000, lists: 100000, items: 5, upvotes: 300000, comments: 30000}, now)
	for _, engine := range []string{"sqlite", "postgres"} {
		s := stores[engine]
		if s == nil {
			continue
		}
		deep := store.EncodeCursor(string(model.SortNewest), "0",
			strconv.FormatInt(now.Add(-200*24*time.Hour).UnixMilli(), 10), "u05000", "list_50000")
		browse := func(q model.BrowseQuery) func() error {
			return func() error {
				q.PageSize = 12
				if q.Page == 0 {
					q.Page = 1
				}
				_, err := s.BrowsePage(ctx, q)
				return err
			}
		}
		cases := []struct {
			name string
			run  func() error
		}{
			{"home", func() error { _, err := s.Home(ctx, "", now.Add(-7*24*time.Hour)); return err }},
			{"home-signed-in", func() error { _, err := s.Home(ctx, "u00042", now.Add(-7*24*time.Hour)); return err }},
			{"browse-newest", browse(model.BrowseQuery{})},
			{"browse-mostVotes-tag", browse(model.BrowseQuery{Sort: model.SortMostVotes, Tags: []string{"strategic"}})},
			{"browse-season-oldest", browse(model.BrowseQuery{Type: model.TypeSeason, Sort: model.SortOldest})},
			{"browse-q-parvati", browse(model.BrowseQuery{Q: "parvati"})},
			{"browse-q-parv-mostVotes", browse(model.BrowseQuery{Q: "parv", Sort: model.SortMostVotes})},
			{"browse-q-author", browse(model.BrowseQuery{Q: "player 04242"})},
			{"browse-page-80", browse(model.BrowseQuery{Page: 80})},
			{"browse-deep-cursor", browse(model.BrowseQuery{Cursor: deep})},
			{"list", func() error { _, err := s.List(ctx, "u00042", "list_42"); return err }},
			{"comments-page", func() error {
				_, _, err := s.CommentPage(ctx, "u00000", "list_hot", "u00001", "", store.DefaultCommentPageSize)
				return err
			}},
		}
		for _, c := range cases {
			b.Run(engine+"/"+c.name, func(b *testing.B) {
				for b.Loop() {
					if err := c.run(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
