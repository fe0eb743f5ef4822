// Package catalog holds the Survivor seasons and their casts, embedded from
// seasons.json (copied unchanged from the checked shared catalog), and the image
// paths for headshots and season logos.
package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
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
	Number      int          `json:"number"`
	Name        string       `json:"name"`
	LogoURL     string       `json:"logoUrl"`
	Contestants []Contestant `json:"contestants"`
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
	c := &Catalog{Version: raw.Version, legacy: raw.Legacy, seasons: map[string]*Season{}, firstSeen: map[string]placed{},
		played: map[string][]*Season{}}
	for _, rs := range raw.Seasons {
		s := Season{ID: rs.ID, Number: rs.Number, Name: rs.Name, LogoURL: SeasonLogoPath(rs.Number)}
		keys := headshotKeys(rs.Contestants)
		for _, ct := range rs.Contestants {
			ct.ImageURL = "/media/contestants/" + rs.ID + "/" + keys[ct.ID]
			s.Contestants = append(s.Contestants, ct)
		}
		c.Seasons = append(c.Seasons, s)
	}
	for i := range c.Seasons {
		s := &c.Seasons[i]
		c.seasons[s.ID] = s
		for _, ct := range s.Contestants {
			if _, ok := c.firstSeen[ct.ID]; !ok {
				c.firstSeen[ct.ID] = placed{season: s, contestant: ct}
			}
			// A returning player keeps their id; one listed twice in a cast played it once.
			if ps := c.played[ct.ID]; len(ps) == 0 || ps[len(ps)-1] != s {
				c.played[ct.ID] = append(ps, s)
			}
		}
	}
	return c, nil
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

// SeasonLogoPath is where a season's logo is served.
func SeasonLogoPath(number int) string { return fmt.Sprintf("/media/seasons/%d", number) }

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
