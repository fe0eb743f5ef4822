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
	res, err := s.lists.Browse(r.Context(), currentUser(r), q, s.sharedBrowse(r))
	if err != nil {
		s.fail(w, r, "browse lists", err, msgBrowseFailed)
		return
	}
	out := api.ListPage{Lists: apiSummaries(res.Lists), Page: q.Page, PageSize: q.PageSize,
		Total: res.Total, TotalPages: max(1, (res.Total+q.PageSize-1)/q.PageSize)}
	if res.TotalIsCapped {
		out.TotalIsCapped = &res.TotalIsCapped
	}
	if res.NextCursor != "" {
		out.NextCursor = &res.NextCursor
	}
	writeJSON(w, http.StatusOK, out)
}

// sharedBrowse reads a page of public lists for r through the shared reads: the same for
// every visitor, so shared for a moment. A text search they cannot answer is costly: it
// is admitted within the client's search limit and the searches' slots.
func (s *Server) sharedBrowse(r *http.Request) lists.BrowseReader {
	return func(ctx context.Context, q model.BrowseQuery) (*model.BrowseResult, error) {
		key := "browse\x00" + q.Key()
		if q.Searches() && !s.shared.Has(key) {
			if err := s.admit(s.searches, r); err != nil {
				return nil, err
			}
		}
		v, err := s.shared.Get(key, func(ctx context.Context) (any, error) {
			var res *model.BrowseResult
			err := s.searches.runIf(ctx, q.Searches(), func() (err error) {
				res, err = s.lists.BrowsePage(ctx, q)
				return err
			})
			return res, err
		})
		res, _ := v.(*model.BrowseResult)
		return res, err
	}
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	// The week's top and the newest lists are everyone's: shared for a moment. Favorites are read fresh.
	h, err := s.lists.Home(r.Context(), currentUser(r), func(ctx context.Context) (*model.Home, error) {
		v, err := s.shared.Get("home", func(ctx context.Context) (any, error) { return s.lists.HomeShared(ctx) })
		h, _ := v.(*model.Home)
		return h, err
	})
	if err != nil {
		s.fail(w, r, "home lists", err, problem.MsgHomeFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.HomeLists{TopThisWeek: apiSummaries(h.TopThisWeek), Recent: apiSummaries(h.Recent),
		Favorites: apiSummaries(h.Favorites)})
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
