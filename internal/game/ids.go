package game

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"castaway/internal/catalog"
)

// SeasonID is castaway's id for a season of a franchise: the US keeps s1…s50 (every
// list, URL and export uses them); the others take their prefix: au1, sa9, nz2, uk3.
func SeasonID(franchise string, number int) string {
	if franchise == "US" {
		return "s" + strconv.Itoa(number)
	}
	return strings.ToLower(franchise) + strconv.Itoa(number)
}

// people gives each survivoR castaway id (one person across every season and franchise
// they played) castaway's contestant id: the catalog's slug for anyone who played a US
// season the catalog has, matched by season and name (usNames where the names differ); a
// new slug for everyone else, with the franchise prefix of their id ("au-", "sa-") unless
// it is the US's (a newcomer to a US season on air).
func people(r *rows, cat *catalog.Catalog) (map[string]string, error) {
	ids := map[string]string{}
	for _, c := range r.castaways {
		if _, ok := cat.Season(seasonIDOf(c.Season)); !ok || !strings.HasPrefix(c.Season, "US") {
			continue
		}
		slug, err := usSlug(c, r, cat)
		if err != nil {
			return nil, err
		}
		if had, ok := ids[c.ID]; ok && had != slug {
			return nil, fmt.Errorf("castaways.json: %s is %s in one season and %s in another", c.ID, had, slug)
		}
		ids[c.ID] = slug
	}
	taken := map[string]bool{}
	for _, ct := range cat.Castaways() {
		taken[ct.ID] = true
	}
	names := map[string]string{}
	for _, p := range r.people {
		names[p.ID] = p.FullName
	}
	for _, c := range r.castaways {
		if _, ok := ids[c.ID]; ok {
			continue
		}
		name := names[c.ID]
		if name == "" {
			name = c.FullName
		}
		base := Slug(name)
		if prefix := strings.ToLower(c.ID[:min(2, len(c.ID))]); prefix != "us" {
			base = prefix + "-" + base
		}
		slug := base
		for n := 2; taken[slug]; n++ {
			slug = base + "-" + strconv.Itoa(n)
		}
		taken[slug] = true
		ids[c.ID] = slug
	}
	return ids, nil
}

// usSlug finds a US castaway-season's contestant in the catalog's cast of that season.
func usSlug(c castawayRow, r *rows, cat *catalog.Catalog) (string, error) {
	season, _ := cat.Season(seasonIDOf(c.Season))
	if slug, ok := usNames[c.ID]; ok {
		for _, ct := range season.Contestants {
			if ct.ID == slug {
				return slug, nil
			}
		}
		return "", fmt.Errorf("usNames: %s is %s, who is not in the cast of %s", c.ID, slug, season.ID)
	}
	want := map[string]bool{nameKey(c.FullName): true}
	for _, p := range r.people {
		if p.ID == c.ID {
			want[nameKey(p.FullName)] = true
		}
	}
	for _, ct := range season.Contestants {
		if want[nameKey(ct.Name)] {
			return ct.ID, nil
		}
	}
	return "", fmt.Errorf("castaways.json: %s (%s) is not in the cast of %s by name: add them to usNames", c.ID, c.FullName, season.ID)
}

var notLetters = regexp.MustCompile(`[^a-z]+`)

// nameKey compares names without case, accents, spaces or punctuation.
func nameKey(name string) string {
	return notLetters.ReplaceAllString(strings.ToLower(plain(name)), "")
}

// Slug is a name as an id: "Jean-Luc O'Brien" → "jean-luc-obrien".
func Slug(name string) string {
	s := strings.ReplaceAll(strings.ToLower(plain(name)), "'", "")
	s = strings.Trim(notLetters.ReplaceAllString(s, "-"), "-")
	if s == "" {
		return "castaway"
	}
	return s
}

// plain drops accents: "Zoë" → "Zoe".
func plain(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
