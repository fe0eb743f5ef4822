// Package catalog holds the Survivor seasons and their casts, embedded from
// seasons.json (copied unchanged from the checked shared catalog), and the image
// paths for headshots and season logos.
package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

//go:embed seasons.json
var seasonsJSON []byte

// Contestant is one cast entry of one season.
type Contestant struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
}

// Season is one season with its cast in catalog order.
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

// Catalog is the whole, read-only data set.
type Catalog struct {
	Version   int               `json:"version"`
	Seasons   []Season          `json:"seasons"`
	legacy    map[string]string // earlier contestant id -> current id
	seasons   map[string]*Season
	firstSeen map[string]placed // contestant id -> first season it appears in
	played    map[string][]*Season
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
	return (&Catalog{Version: raw.Version, legacy: raw.Legacy}).With(seasons...), nil
}

// With is the catalog with more seasons after its own (another franchise's), each
// contestant's headshot and the season's logo given their paths.
func (c *Catalog) With(more ...Season) *Catalog {
	out := &Catalog{Version: c.Version, legacy: c.legacy, seasons: map[string]*Season{}, firstSeen: map[string]placed{},
		played: map[string][]*Season{}}
	out.Seasons = append(slices.Clip(c.Seasons), more...)
	for i := len(c.Seasons); i < len(out.Seasons); i++ {
		s := &out.Seasons[i]
		s.LogoURL = SeasonLogoPath(s.ID, s.Number)
		keys := headshotKeys(s.Contestants)
		cast := make([]Contestant, len(s.Contestants))
		for j, ct := range s.Contestants {
			ct.ImageURL = "/media/contestants/" + s.ID + "/" + keys[ct.ID]
			cast[j] = ct
		}
		s.Contestants = cast
	}
	for i := range out.Seasons {
		s := &out.Seasons[i]
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
	return out
}

// MustLoad is Load for program start, where a broken embedded file is a build bug.
func MustLoad() *Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// Season finds a season by id ("s45").
func (c *Catalog) Season(id string) (*Season, bool) {
	s, ok := c.seasons[id]
	return s, ok
}

// Contestant finds a contestant by id, in seasonID when it is given and has them,
// otherwise in the first season they played. Earlier ids are translated.
func (c *Catalog) Contestant(id, seasonID string) (Contestant, *Season, bool) {
	id = c.CurrentID(id)
	if s, ok := c.seasons[seasonID]; ok {
		for _, ct := range s.Contestants {
			if ct.ID == id {
				return ct, s, true
			}
		}
	}
	p, ok := c.firstSeen[id]
	if !ok {
		return Contestant{}, nil, false
	}
	return p.contestant, p.season, true
}

// Played is every season the contestant id played, in catalog order: none for an id
// the catalog does not have. Earlier ids are translated.
func (c *Catalog) Played(id string) []*Season {
	return c.played[c.CurrentID(id)]
}

// Castaways is every contestant once, in the order they first appear.
func (c *Catalog) Castaways() []Contestant {
	var out []Contestant
	seen := map[string]bool{}
	for _, s := range c.Seasons {
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
func (c *Catalog) CurrentID(id string) string {
	if now, ok := c.legacy[id]; ok {
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
