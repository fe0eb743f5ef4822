package server

import (
	"hash/fnv"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"castaway/internal/api"
	"castaway/internal/catalog"
	"castaway/internal/consensus"
	"castaway/internal/httpcache"
	"castaway/internal/problem"
	"castaway/internal/shareimage"
)

// castawayCard answers a castaway's card PNG, the picture a link to their page previews
// with. Anyone may read it; an id the catalog lacks answers 404 before anything is drawn,
// and the pictures read are the catalog's, so every cache stays bounded by the catalog.
// Answers are revalidated on every use against an ETag naming what the card shows, so a
// 304 costs one shared read and no drawing, and a new place in the ranking shows at once.
//
// A fan behind on one of their seasons (signed in, or a visitor's ?watching=) gets a card
// without the seasons after it (watching.Withheld), its picture from a season shown.
func (s *Server) castawayCard(w http.ResponseWriter, r *http.Request) {
	site := siteName(s.cfg.BaseURL)
	h := w.Header()
	withheld, err := s.withheldFor(r, r.PathValue("contestantId"))
	if err != nil {
		clearCaching(h)
		s.fail(w, r, "castaway card", err, msgShareFailed)
		return
	}
	held := func(c consensus.Castaway) bool {
		card, _ := s.share.card(withoutSeasons(apiCastaway(c), withheld), site)
		return httpcache.ETagMatches(r.Header.Get("If-None-Match"), cardETag(card))
	}
	c, draw, err := s.consensus.CastawayCard(r.Context(), actorOf(r), r.PathValue("contestantId"), s.sharedCastaway, held)
	if err != nil {
		clearCaching(h)
		s.fail(w, r, "castaway card", err, msgShareFailed)
		return
	}
	card, picture := s.share.card(withoutSeasons(apiCastaway(c), withheld), site)
	h.Set("ETag", cardETag(card))
	h.Set("Cache-Control", "public, no-cache")
	if withheld != nil {
		markShield(w, true)
		h.Set("Cache-Control", shieldCacheControl(r))
	}
	if !draw {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	s.servePNG(w, r, "castaway card", func(w io.Writer) error {
		// the headshot at the card's size, read for this drawing alone: cards are drawn
		// rarely, and keeping pictures that large would hold megabytes each
		if picture != "" {
			if sharp := s.share.load(strings.TrimPrefix(picture, "/media/"), shareimage.CardPictureSide); sharp != nil {
				card.Picture.Image = sharp
			}
		}
		return s.share.renderer.CardPNG(w, card)
	})
}

// castawayCardURL is where c's card is, naming its revision so a preview service that
// keeps images by URL fetches a changed card anew.
func (s *Server) castawayCardURL(c api.Castaway) string {
	card, _ := s.share.card(c, siteName(s.cfg.BaseURL))
	return strings.TrimRight(s.cfg.BaseURL, "/") + "/api/contestants/" + url.PathEscape(c.Id) + "/share.png?v=" + cardRevision(card)
}

// card is what c's card shows, worded by the contract's messages, with their newest
// season's headshot the media folder has (else none: their initials are drawn) and its
// URL ("" for none).
func (si *shareImages) card(c api.Castaway, site string) (shareimage.Card, string) {
	numbers := make([]string, len(c.Seasons))
	names := make([]string, len(c.Seasons))
	for i, cs := range c.Seasons {
		season := catalog.Season{Franchise: string(cs.Franchise), Number: cs.Number}
		numbers[i], names[i] = season.Label(), shareItemName(cs.Name, true)
	}
	eyebrow := problem.MsgCastawayCardSeasons
	if len(c.Seasons) == 1 {
		eyebrow = problem.MsgCastawayCardSeason
	}
	card := shareimage.Card{Name: c.Name, Site: site, About: strings.Join(names, " · "),
		Eyebrow: problem.Format(eyebrow, map[string]string{"numbers": strings.Join(numbers, ", ")}),
		Note:    problem.MsgCastawayCardUnranked, Picture: shareimage.Item{Name: c.Name}}
	if p := c.AllTime.Place; p != nil {
		card.Highlight = problem.Format(problem.MsgCastawayCardPlace, map[string]string{"place": grouped(*p)})
		card.Note = problem.Format(problem.MsgCastawayCardRanked, map[string]string{"lists": publicLists(c.ListCount)})
	}
	urls := []string{c.ImageUrl}
	for i := len(c.Seasons) - 1; i >= 0; i-- {
		urls = append(urls, c.Seasons[i].ImageUrl)
	}
	for _, u := range urls {
		if card.Picture.Image = si.picture(u); card.Picture.Image != nil {
			return card, u
		}
	}
	return card, ""
}

func cardETag(c shareimage.Card) string { return `"card-` + cardRevision(c) + `"` }

// cardRevision names one drawing of a card: the renderer's Version and a hash of
// everything the card shows.
func cardRevision(c shareimage.Card) string {
	h := fnv.New64a()
	for _, s := range []string{c.Eyebrow, c.Name, c.About, c.Highlight, c.Note, c.Site, strconv.FormatBool(c.Picture.Image != nil)} {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	return shareimage.Version + "-" + strconv.FormatUint(h.Sum64(), 36)
}

// publicLists is "1 public list" or "1,234 public lists".
func publicLists(n int) string {
	if n == 1 {
		return problem.MsgPublicListOne
	}
	return problem.Format(problem.MsgPublicListMany, map[string]string{"count": grouped(n)})
}

var numbers = message.NewPrinter(language.English)

// grouped is n with its thousands grouped, as the app shows numbers: "1,234".
func grouped(n int) string { return numbers.Sprintf("%d", n) }
