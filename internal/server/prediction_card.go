package server

import (
	"io"
	"net/http"
	"strconv"

	"castaway/internal/httpcache"
	"castaway/internal/predictions"
	"castaway/internal/problem"
	"castaway/internal/shareimage"
)

// predictionShareImage answers a prediction's "I called it" card: its fan, the winner
// they predicted, their score and hits. Shown as the prediction page is (anyone's once
// locked), the score as of the asker's episode when they are behind on the season (the
// spoiler shield); revalidated by an ETag naming what it shows, so a new score shows at once.
// A card drawn counts against the share images' limit per client, a revalidation does not.
func (s *Server) predictionShareImage(w http.ResponseWriter, r *http.Request) {
	watch, err := s.watchOf(r)
	var v *predictions.View
	var card shareimage.Card // what held saw, drawn when it is not held
	draw := false
	if err == nil {
		held := func(v *predictions.View) bool {
			card = s.predictionCard(v)
			return httpcache.ETagMatches(r.Header.Get("If-None-Match"), cardETag(card))
		}
		v, draw, err = s.predictions.Card(r.Context(), actorOf(r), r.PathValue("seasonId"), r.PathValue("userId"), watch, held)
	}
	h := w.Header()
	if err != nil {
		clearCaching(h)
		s.fail(w, r, "prediction card", err, msgShareFailed)
		return
	}
	h.Set("ETag", cardETag(card))
	h.Set("Cache-Control", "public, no-cache")
	if v.Shield != nil {
		markShield(w, true)
		h.Set("Cache-Control", shieldCacheControl(r))
	}
	if !draw {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	s.servePNG(w, r, "prediction card", func(w io.Writer) error { return s.share.renderer.CardPNG(w, card) })
}

// predictionCard is what v's card shows, worded by the contract's messages.
func (s *Server) predictionCard(v *predictions.View) shareimage.Card {
	e := v.Entry
	card := shareimage.Card{Name: e.UserName, Site: siteName(s.cfg.BaseURL),
		Eyebrow:   problem.Format(problem.MsgPredictionCardEyebrow, map[string]string{"season": v.SeasonName}),
		Highlight: problem.Format(problem.MsgPredictionCardScore, map[string]string{"score": grouped(e.Score.Score)}),
		Note: problem.Format(problem.MsgPredictionCardNote, map[string]string{"hits": strconv.Itoa(e.Score.Hits),
			"boots": strconv.Itoa(e.Score.Boots), "picks": strconv.Itoa(e.Score.PicksRight)}),
		Picture: shareimage.Item{Name: e.UserName}}
	if len(e.Order) > 0 {
		name := e.Order[0]
		if season, err := s.game.Season(v.SeasonID); err == nil {
			for _, c := range season.Cast {
				if c.ID == name {
					name = c.Name
				}
			}
		}
		card.About = problem.Format(problem.MsgPredictionCardWinner, map[string]string{"name": name})
		card.Picture = shareimage.Item{Name: name}
	}
	return card
}
