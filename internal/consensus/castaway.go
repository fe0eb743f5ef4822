package consensus

import (
	"context"
	"errors"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// CastawayPageSize is how many of the lists ranking a castaway one page holds.
const CastawayPageSize = 12

var (
	// ErrNoSuchCastaway answers an id the catalog does not have.
	ErrNoSuchCastaway = problem.New(problem.NotFound, "castaway_not_found", problem.MsgCastawayNotFound)
	errPageExpired    = problem.New(problem.Invalid, "validation", problem.MsgPageLinkExpired)
)

// Place is a castaway's place in one community ranking: Place 0 when no public list
// ranks them there.
type Place struct {
	Place, Ranked, ListCount int
	Score                    float64
}

// CastawaySeason is one season a castaway played, as they appear in its cast.
type CastawaySeason struct {
	Season     *catalog.Season
	Contestant catalog.Contestant
	Community  Place
}

// Castaway is a castaway's page: who they are, where the community ranks them, and a
// page of the public lists that rank them highest.
type Castaway struct {
	catalog.Contestant // as in their latest season
	Seasons            []CastawaySeason
	AllTime            Place
	ListCount          int // public lists ranking them
	Lists              []model.RankedList
	NextCursor         string
}

// CastawayReader reads a castaway's page as every reader sees it (Service.Castaway): the
// server passes one that shares it among readers for a moment.
type CastawayReader func(ctx context.Context, id, cursor string) (Castaway, error)

// CastawayFor is the castaway id's page with the lists after cursor ("" first), read by
// read, without the lists viewer (nil when signed out) chose not to see (lists.Service.Hidden).
func (s *Service) CastawayFor(ctx context.Context, viewer *model.User, id, cursor string, read CastawayReader) (Castaway, error) {
	c, err := read(ctx, id, cursor)
	if err != nil {
		return Castaway{}, err
	}
	refs := make([]model.ListRef, len(c.Lists))
	for i, l := range c.Lists {
		refs[i] = model.ListRef{UserID: l.UserID, ListID: l.ID}
	}
	hidden, err := s.lists.Hidden(ctx, viewer, refs)
	if err != nil || hidden == nil {
		return c, err
	}
	shown := make([]model.RankedList, 0, len(c.Lists))
	for i, l := range c.Lists {
		if !hidden[i] {
			shown = append(shown, l)
		}
	}
	c.Lists = shown
	return c, nil
}

// CastawayCard is the castaway id for their card, read by read, when anyone may have it
// (ErrNoSuchCastaway for an id the catalog lacks). Unless held says a holds its drawing
// already (a revalidation, which costs nothing), the drawing a is about to get counts
// against lists.ShareDrawPerClient, as a list's share image does; draw tells which.
func (s *Service) CastawayCard(ctx context.Context, a model.Actor, id string, read CastawayReader, held func(Castaway) bool) (c Castaway, draw bool, err error) {
	if c, err = read(ctx, id, ""); err != nil {
		return Castaway{}, false, err
	}
	if held(c) {
		return c, false, nil
	}
	if err := s.lists.TakeShareDraw(ctx, a.Client); err != nil {
		return Castaway{}, false, err
	}
	return c, true, nil
}

// Castaway is the castaway id's page with the lists after cursor ("" first), as every
// reader sees it. Its reads
// are bounded whatever the community's size: one range of castaway_ranks_best with the
// versions of their seasons' rankings and the all-time one, in one read (each ranking
// kept while its version stands; else a cast's or the catalog's tallies), then the
// page's lists by key.
func (s *Service) Castaway(ctx context.Context, id, cursor string) (Castaway, error) {
	played, id, scopes := s.castawayScopes(id)
	if len(played) == 0 {
		return Castaway{}, ErrNoSuchCastaway
	}
	page, err := s.store.CastawayLists(ctx, id, cursor, CastawayPageSize, scopes)
	if errors.Is(err, store.ErrBadCursor) {
		return Castaway{}, errPageExpired
	}
	if err != nil {
		return Castaway{}, err
	}
	return s.placed(ctx, Castaway{Lists: page.Lists, NextCursor: page.Next}, id, played, page.Versions)
}

// CastawayHead is the castaway id's page without its lists: who they are and where the
// community ranks them, what a link to their page previews. It reads only the versions
// of their rankings (each ranking kept while its version stands).
func (s *Service) CastawayHead(ctx context.Context, id string) (Castaway, error) {
	played, id, scopes := s.castawayScopes(id)
	if len(played) == 0 {
		return Castaway{}, ErrNoSuchCastaway
	}
	versions, err := s.store.ConsensusVersions(ctx, scopes)
	if err != nil {
		return Castaway{}, err
	}
	return s.placed(ctx, Castaway{Lists: []model.RankedList{}}, id, played, versions)
}

// castawayScopes are the seasons id played (none for an id the catalog lacks), their
// current id, and the rankings their page shows: all time's and each season's.
func (s *Service) castawayScopes(id string) ([]*catalog.Season, string, []string) {
	played := s.catalog.Played(id)
	if len(played) == 0 {
		return nil, id, nil
	}
	id = s.catalog.CurrentID(id)
	scopes := []string{store.AllTimeScope}
	for _, season := range played {
		scopes = append(scopes, season.ID)
	}
	return played, id, scopes
}

// placed is c with id's seasons (played) and places in the rankings at versions.
func (s *Service) placed(ctx context.Context, c Castaway, id string, played []*catalog.Season, versions map[string]int64) (Castaway, error) {
	for _, season := range played {
		ct, _, _ := s.catalog.Contestant(id, season.ID)
		name, inScope := s.castOf(season)
		place, err := s.placeIn(ctx, season.ID, versions[season.ID], id, name, inScope)
		if err != nil {
			return Castaway{}, err
		}
		// Their picture is their newest season's in the franchise they started in: a US
		// castaway's US headshot, not a guest appearance abroad.
		if season.Franchise == played[0].Franchise {
			c.Contestant = ct
		}
		c.Seasons = append(c.Seasons, CastawaySeason{Season: season, Contestant: ct, Community: place})
	}
	name, inScope := s.allTime()
	var err error
	if c.AllTime, err = s.placeIn(ctx, store.AllTimeScope, versions[store.AllTimeScope], id, name, inScope); err != nil {
		return Castaway{}, err
	}
	c.ListCount = c.AllTime.ListCount
	return c, nil
}

// placeIn is id's place in scope's ranking (name and inScope the scope's own), from the
// ranking kept while scope's version (read by the caller) stands, not the scope's totals
// ranked anew for every visitor.
func (s *Service) placeIn(ctx context.Context, scope string, version int64, id string, name func(string) (string, bool), inScope func(model.Item) bool) (Place, error) {
	r, _, err := s.rankingAt(ctx, scope, version, name, inScope)
	if err != nil {
		return Place{}, err
	}
	p := Place{Ranked: len(r.Entries)}
	for i, e := range r.Entries {
		if e.ID == id {
			p.Place, p.Score, p.ListCount = i+1, e.Score, e.ListCount
		}
	}
	return p, nil
}
