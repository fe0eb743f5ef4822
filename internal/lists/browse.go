package lists

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// BrowsePageSize is the spec's 12 cards per page.
const BrowsePageSize = 12

// maxBrowsePage keeps the row offset far from overflowing; no site has this many lists.
const maxBrowsePage = 1 << 24

// BrowseQueryOf reads the browse parameters (q, type, format, sort, tag..., cursor, page), or
// says what is wrong with them.
func BrowseQueryOf(v url.Values) (model.BrowseQuery, error) {
	q := model.BrowseQuery{Q: v.Get("q"), Type: model.TypeAll, Sort: model.SortNewest, Page: 1, PageSize: BrowsePageSize}
	bad := func(msg string) (model.BrowseQuery, error) {
		return q, problem.New(problem.Invalid, "validation", msg)
	}
	switch t := model.BrowseType(v.Get("type")); t {
	case "":
	case model.TypeAll, model.TypeSeason, model.TypeSurvivor:
		q.Type = t
	default:
		return bad(problem.MsgRankingTypeUnknown)
	}
	switch f := v.Get("format"); f {
	case "", "all":
	case model.FormatRanked, model.FormatTiers:
		q.Format = f
	default:
		return bad(problem.MsgBrowseFormatUnknown)
	}
	if f := v.Get("franchise"); f != "" && f != "all" {
		if _, ok := model.FranchiseCode(f); !ok {
			return bad(problem.MsgBrowseFranchiseUnknown)
		}
		q.Franchise = f
	}
	switch o := model.BrowseSort(v.Get("sort")); o {
	case "":
	case model.SortNewest, model.SortMostVotes, model.SortOldest:
		q.Sort = o
	default:
		return bad(problem.MsgSortOrderUnknown)
	}
	seen := map[string]bool{}
	for _, tag := range v["tag"] {
		if !IsTag(tag) {
			return bad(problem.Format(problem.MsgTagUnknown, map[string]string{"tag": problem.Quoted(tag)}))
		}
		if !seen[tag] {
			seen[tag] = true
			q.Tags = append(q.Tags, tag)
		}
	}
	if c := v.Get("cursor"); c != "" {
		q.Cursor = c
	}
	if p := v.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return bad(problem.MsgPageNotPositive)
		}
		if n > maxBrowsePage {
			return bad(problem.MsgNoSuchPage)
		}
		q.Page = n
	}
	return q, nil
}

// BrowseReader reads a page of public lists as every reader sees it (Service.BrowsePage):
// the server passes one that shares it among readers for a moment.
type BrowseReader func(ctx context.Context, q model.BrowseQuery) (*model.BrowseResult, error)

// Browse is the page of public lists q asks for, read by read, without the lists viewer
// (nil when signed out) chose not to see.
func (s *Service) Browse(ctx context.Context, viewer *model.User, q model.BrowseQuery, read BrowseReader) (*model.BrowseResult, error) {
	res, err := read(ctx, q)
	if err != nil {
		return nil, err
	}
	shown := *res
	shown.Lists, err = s.seen(ctx, viewer, res.Lists)
	return &shown, err
}

// BrowsePage is the page of public lists q asks for as everyone sees it; a problem for a
// cursor that is not this sort's (or no longer reads).
func (s *Service) BrowsePage(ctx context.Context, q model.BrowseQuery) (*model.BrowseResult, error) {
	res, err := s.store.BrowsePage(ctx, q)
	return res, cursorChecked(err)
}

// HomeWindow is how far back "Top Voted Lists This Week" counts upvotes.
const HomeWindow = 7 * 24 * time.Hour

// HomeReader reads the home page's sections every reader sees alike (Service.HomeShared):
// the server passes one that shares them among readers for a moment.
type HomeReader func(ctx context.Context) (*model.Home, error)

// Home is the home page as viewer (nil when signed out) reads it: the week's top and the
// newest, read by read, and their favorites they may still see, without the lists they
// chose not to see.
func (s *Service) Home(ctx context.Context, viewer *model.User, read HomeReader) (*model.Home, error) {
	shared, err := read(ctx)
	if err != nil || viewer == nil {
		return shared, err
	}
	h := *shared
	if h.Favorites, err = s.store.FavoriteLists(ctx, viewer.ID); err != nil {
		return nil, err
	}
	for _, section := range []*[]model.ListSummary{&h.TopThisWeek, &h.Recent, &h.Favorites} {
		if *section, err = s.seen(ctx, viewer, *section); err != nil {
			return nil, err
		}
	}
	return &h, nil
}

// HomeShared is the home page's lists every visitor sees alike: the week's top and the newest.
func (s *Service) HomeShared(ctx context.Context) (*model.Home, error) {
	return s.store.HomeShared(ctx, s.now().Add(-HomeWindow))
}

// CountHomeWeek counts the week's upvotes the home page reads, unless they are: serve
// starts it, and a bulk load ends with it, so the first visitor after an upgrade or a
// load does not wait for a count that takes seconds on a large site.
func (s *Service) CountHomeWeek(ctx context.Context) error {
	return s.store.KeepWeek(ctx, HomeWeek(s.now()))
}

// HomeWeek is the week of upvotes the home page reads at now (its last day).
func HomeWeek(now time.Time) int64 { return store.WeekEndDay(now.Add(-HomeWindow)) }
