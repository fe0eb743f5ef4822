// Package catalog holds the Survivor seasons and their casts, embedded from
// seasons.json (copied unchanged from the checked shared catalog), and the image
// paths for headshots and season logos.
package catalog

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
)

//go:embed seasons.json
var seasonsJSON []byte

// Contestant is one cast entry of one season.
type Contestant struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
}

// Season is one season with its cast by name (CastOrder).
type Season struct {
	ID          string       `json:"id"`
	Franchise   string       `json:"franchise"` // US, AU, SA, NZ, UK
	Number      int          `json:"number"`    // within its franchise
	Name        string       `json:"name"`
	LogoURL     string       `json:"logoUrl"`
	Contestants []Contestant `json:"contestants"`
}

// Label is the season's number as fans name it: "13" in the US, "AU 11" elsewhere.
func (s *Season) Label() string {
	if s.Franchise == "US" || s.Franchise == "" {
		return strconv.Itoa(s.Number)
	}
	return s.Franchise + " " + strconv.Itoa(s.Number)
}

// Catalog is the seasons and their casts: a handle whose contents Set replaces whole (a
// season added while it airs, a newer copy of the game imported), so every reader holding
// it sees the new seasons without a restart. What a call returns is never changed after.
type Catalog struct{ cur atomic.Pointer[contents] }

type contents struct {
	version    int
	generation uint64 // counts Set: what is derived from the catalog is rebuilt when it moves
	list       []Season
	legacy     map[string]string // earlier contestant id -> current id
	seasons    map[string]*Season
	firstSeen  map[string]placed // contestant id -> first season it appears in
	played     map[string][]*Season
}

type placed struct {
	season     *Season
	contestant Contestant
}

// Load parses the embedded catalog.
func Load() (*Catalog, error) {
	var raw struct {
		Version int `json:"version"`
		Seasons []struct {
			ID          string       `json:"id"`
			Number      int          `json:"number"`
			Name        string       `json:"name"`
			Contestants []Contestant `json:"contestants"`
		} `json:"seasons"`
		Legacy map[string]string `json:"legacyContestantIds"`
	}
	if err := json.Unmarshal(seasonsJSON, &raw); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	seasons := make([]Season, len(raw.Seasons))
	for i, rs := range raw.Seasons {
		seasons[i] = Season{ID: rs.ID, Franchise: "US", Number: rs.Number, Name: rs.Name, Contestants: rs.Contestants}
	}
	empty := &Catalog{}
	empty.cur.Store(&contents{version: raw.Version, legacy: raw.Legacy})
	return empty.With(seasons...), nil
}

// With is a new catalog: this one's seasons, then more (another franchise's, a season on
// air), each contestant's headshot and the season's logo given their paths.
func (c *Catalog) With(more ...Season) *Catalog {
	was := c.cur.Load()
	out := &contents{version: was.version, legacy: was.legacy, seasons: map[string]*Season{}, firstSeen: map[string]placed{},
		played: map[string][]*Season{}}
	out.list = append(slices.Clip(was.list), more...)
	for i := len(was.list); i < len(out.list); i++ {
		s := &out.list[i]
		s.LogoURL = SeasonLogoPath(s.ID, s.Number)
		keys := headshotKeys(s.Contestants)
		cast := make([]Contestant, len(s.Contestants))
		for j, ct := range s.Contestants {
			ct.ImageURL = "/media/contestants/" + s.ID + "/" + keys[ct.ID]
			cast[j] = ct
		}
		CastOrder(cast)
		s.Contestants = cast
	}
	for i := range out.list {
		s := &out.list[i]
		out.seasons[s.ID] = s
		for _, ct := range s.Contestants {
			if _, ok := out.firstSeen[ct.ID]; !ok {
				out.firstSeen[ct.ID] = placed{season: s, contestant: ct}
			}
			// A returning player keeps their id; one listed twice in a cast played it once.
			if ps := out.played[ct.ID]; len(ps) == 0 || ps[len(ps)-1] != s {
				out.played[ct.ID] = append(ps, s)
			}
		}
	}
	next := &Catalog{}
	next.cur.Store(out)
	return next
}

// CastOrder puts a cast in the order every answer lists it: by name (then id), so that
// the order gives nothing away of how far each went (the data's may follow the boots).
func CastOrder(cast []Contestant) {
	slices.SortStableFunc(cast, func(a, b Contestant) int {
		return cmp.Or(strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), strings.Compare(a.ID, b.ID))
	})
}

// Set gives c the contents of next, for every reader of c at once.
func (c *Catalog) Set(next *Catalog) {
	n := *next.cur.Load()
	n.generation = c.cur.Load().generation + 1
	c.cur.Store(&n)
}

// Clone is a handle of its own on c's contents: what Set does to one is not seen by the other.
func (c *Catalog) Clone() *Catalog {
	out := &Catalog{}
	out.cur.Store(c.cur.Load())
	return out
}

// Generation counts the times Set changed c: a cache of something derived from the
// catalog is good while it has not moved.
func (c *Catalog) Generation() uint64 { return c.cur.Load().generation }

// MustLoad is Load for program start, where a broken embedded file is a build bug.
func MustLoad() *Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// Seasons is every season: the US's in order, then the others'.
func (c *Catalog) Seasons() []Season { return c.cur.Load().list }

// MarshalJSON writes the catalog as the API sends it: its version and seasons.
func (c *Catalog) MarshalJSON() ([]byte, error) {
	now := c.cur.Load()
	return json.Marshal(struct {
		Version int      `json:"version"`
		Seasons []Season `json:"seasons"`
	}{now.version, now.list})
}

// Season finds a season by id ("s45").
func (c *Catalog) Season(id string) (*Season, bool) {
	s, ok := c.cur.Load().seasons[id]
	return s, ok
}

// Contestant finds a contestant by id, in seasonID when it is given and has them,
// otherwise in the first season they played. Earlier ids are translated.
func (c *Catalog) Contestant(id, seasonID string) (Contestant, *Season, bool) {
	now := c.cur.Load()
	id = now.currentID(id)
	if s, ok := now.seasons[seasonID]; ok {
		for _, ct := range s.Contestants {
			if ct.ID == id {
				return ct, s, true
			}
		}
	}
	p, ok := now.firstSeen[id]
	if !ok {
		return Contestant{}, nil, false
	}
	return p.contestant, p.season, true
}

// Played is every season the contestant id played, in catalog order: none for an id
// the catalog does not have. Earlier ids are translated.
func (c *Catalog) Played(id string) []*Season {
	now := c.cur.Load()
	return now.played[now.currentID(id)]
}

// Castaways is every contestant once, in the order they first appear.
func (c *Catalog) Castaways() []Contestant {
	var out []Contestant
	seen := map[string]bool{}
	for _, s := range c.Seasons() {
		for _, ct := range s.Contestants {
			if !seen[ct.ID] {
				seen[ct.ID] = true
				out = append(out, ct)
			}
		}
	}
	return out
}

// CurrentID maps an earlier product's contestant id to today's; others pass through.
func (c *Catalog) CurrentID(id string) string { return c.cur.Load().currentID(id) }

func (n *contents) currentID(id string) string {
	if now, ok := n.legacy[id]; ok {
		return now
	}
	return id
}

// SeasonLogoPath is where a season's logo is served: a US season's by its number (as
// links made before other franchises do), another franchise's by its id ("au3").
func SeasonLogoPath(id string, number int) string {
	if id == "s"+strconv.Itoa(number) {
		return "/media/seasons/" + strconv.Itoa(number)
	}
	return "/media/seasons/" + id
}

var nonLetters = regexp.MustCompile(`[^a-z]`)

// headshotKeys names each headshot file by the lower-case first name, as the
// earlier product did; where two cast mates share a first name, both use their id.
func headshotKeys(cast []Contestant) map[string]string {
	first := func(ct Contestant) string {
		name := strings.ToLower(strings.Fields(ct.Name)[0])
		return nonLetters.ReplaceAllString(name, "")
	}
	count := map[string]int{}
	for _, ct := range cast {
		count[first(ct)]++
	}
	keys := make(map[string]string, len(cast))
	for _, ct := range cast {
		k := first(ct)
		if count[k] > 1 || k == "" {
			k = ct.ID
		}
		keys[ct.ID] = k
	}
	return keys
}
