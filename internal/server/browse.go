package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const msgBrowseFailed = problem.MsgBrowseFailed

func (s *Server) browseLists(w http.ResponseWriter, r *http.Request) {
	q, err := lists.BrowseQueryOf(r.URL.Query())
	if err != nil {
		s.fail(w, r, "browse lists", err, msgBrowseFailed)
		return
	}
	// A page of public lists is the same for every visitor: shared for a moment.
	key := "browse\x00" + q.Key()
	if q.Searches() && !s.shared.Has(key) {
		if err := s.admit(s.searches, r); err != nil {
			s.fail(w, r, "search rate limit", err, msgBrowseFailed)
			return
		}
	}
	v, err := s.shared.Get(key, func(ctx context.Context) (any, error) {
		var res *model.BrowseResult
		read := func() (err error) {
			res, err = s.lists.Browse(ctx, q)
			return err
		}
		err := s.searches.runIf(ctx, q.Searches(), read)
		if err != nil {
			return nil, err
		}
		out := api.ListPage{Lists: apiSummaries(res.Lists), Page: q.Page, PageSize: q.PageSize,
			Total: res.Total, TotalPages: max(1, (res.Total+q.PageSize-1)/q.PageSize)}
		if res.TotalIsCapped {
			out.TotalIsCapped = &res.TotalIsCapped
		}
		if res.NextCursor != "" {
			out.NextCursor = &res.NextCursor
		}
		return out, nil
	})
	page, _ := v.(api.ListPage)
	if err == nil {
		page.Lists, err = s.listsFor(r.Context(), currentUser(r), page.Lists)
	}
	if err != nil {
		s.fail(w, r, "browse lists", err, msgBrowseFailed)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	viewer := currentUser(r)
	const failed = problem.MsgHomeFailed
	// The week's top and the newest lists are everyone's: shared for a moment. Favorites are read fresh.
	v, err := s.shared.Get("home", func(ctx context.Context) (any, error) {
		h, err := s.lists.Home(ctx)
		if err != nil {
			return nil, err
		}
		return api.HomeLists{TopThisWeek: apiSummaries(h.TopThisWeek), Recent: apiSummaries(h.Recent)}, nil
	})
	if err != nil {
		s.fail(w, r, "home lists", err, failed)
		return
	}
	out := v.(api.HomeLists)
	out.Favorites = []api.ListSummary{}
	if viewer != nil {
		favorites, err := s.lists.FavoriteLists(r.Context(), viewer.ID)
		if err == nil {
			out.Favorites = apiSummaries(favorites)
			for _, section := range []*[]api.ListSummary{&out.TopThisWeek, &out.Recent, &out.Favorites} {
				if err == nil {
					*section, err = s.listsFor(r.Context(), viewer, *section)
				}
			}
		}
		if err != nil {
			s.fail(w, r, "home lists", err, failed)
			return
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func apiSummaries(in []model.ListSummary) []api.ListSummary {
	out := make([]api.ListSummary, len(in))
	for i, l := range in {
		out[i] = api.ListSummary{Id: l.ID, UserId: l.UserID, UserName: l.UserName, Name: l.Name, Description: l.Description,
			Tags: l.Tags, IsPublic: l.IsPublic, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, UpvoteCount: l.UpvoteCount,
			ContestantCount: l.ItemCount, TopItems: apiListItems(l.TopItems), Hidden: orNil(l.Hidden), Format: apiFormat(l.Format),
			TopTier: apiTierHead(l.TopTier)}
	}
	return out
}
