package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// SitemapSize is the most URLs one sitemap may hold (the sitemaps protocol's limit).
const SitemapSize = 50000

var errNoSitemapPage = problem.New(problem.NotFound, "not_found", problem.MsgNoSitemapPage)

// SitemapPages is how many sitemap pages of size the public lists fill: one read of an index.
func (s *Service) SitemapPages(ctx context.Context, size int) (int, error) {
	return s.store.SitemapListPages(ctx, size)
}

// SitemapLists is page (1 first) of the public lists' sitemap, size numbers a page: one
// range of sitemap_lists' primary key, whatever the number of lists. A page past the
// last is not found.
func (s *Service) SitemapLists(ctx context.Context, page, size int) ([]model.SitemapList, error) {
	pages, err := s.store.SitemapListPages(ctx, size)
	if err != nil {
		return nil, err
	}
	if page < 1 || page > pages {
		return nil, errNoSitemapPage
	}
	return s.store.SitemapLists(ctx, page, size)
}
