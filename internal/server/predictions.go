package server

import (
	"context"
	"net/http"
	"strconv"

	"castaway/internal/api"
	"castaway/internal/httpcache"
	"castaway/internal/predictions"
	"castaway/internal/problem"
	"castaway/internal/watching"
)

// Predictions of a season on air: thin handlers over predictions.Service. Each answer is
// as the asker watched the season (the spoiler shield): a signed-in fan's stored progress,
// a visitor's ?upTo=N; ?reveal=all shows it whole.

// watchOf is how far the asker watched the season in the path.
func (s *Server) watchOf(r *http.Request) (predictions.Watch, error) {
	p, err := s.progressOf(r)
	return predictions.Watch{Progress: p, Reveal: watching.ParseReveal(r.URL.Query().Get("reveal"))}, err
}

// myPrediction answers the signed-in fan's prediction page of a season.
func (s *Server) myPrediction(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "watch progress", err, msgSomethingWrong)
		return
	}
	v, err := s.predictions.Mine(r.Context(), a, r.PathValue("seasonId"), watch)
	s.answerPrediction(w, r, "my prediction", v, err)
}

// savePrediction publishes or changes the fan's prediction, refused once locked.
func (s *Server) savePrediction(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.SavePredictionJSONBody](w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "watch progress", err, msgSomethingWrong)
		return
	}
	v, err := s.predictions.Predict(r.Context(), a, r.PathValue("seasonId"), body.Order, watch)
	s.answerPrediction(w, r, "save prediction", v, err)
}

// savePick keeps the fan's pick of who goes home in an episode, refused once it aired.
func (s *Server) savePick(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.SavePickJSONBody](w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	episode, err := strconv.Atoi(r.PathValue("episode"))
	if err != nil {
		writeProblem(w, problem.InvalidField("episode", problem.MsgPredictionPickEpisode))
		return
	}
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "watch progress", err, msgSomethingWrong)
		return
	}
	v, err := s.predictions.Pick(r.Context(), a, r.PathValue("seasonId"), episode, body.Castaway, watch)
	s.answerPrediction(w, r, "save pick", v, err)
}

// prediction answers a fan's prediction page, shown to others once locked.
func (s *Server) prediction(w http.ResponseWriter, r *http.Request) {
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "watch progress", err, msgSomethingWrong)
		return
	}
	v, err := s.predictions.Of(r.Context(), actorOf(r), r.PathValue("seasonId"), r.PathValue("userId"), watch)
	s.answerPrediction(w, r, "prediction", v, err)
}

func (s *Server) answerPrediction(w http.ResponseWriter, r *http.Request, what string, v *predictions.View, err error) {
	if err != nil {
		s.fail(w, r, what, err, msgSomethingWrong)
		return
	}
	markShield(w, v.Shield != nil)
	writeJSON(w, http.StatusOK, v)
}

// predictionBoard answers a season's leaderboard: the same for everyone, shared for a
// moment under the season's id (only seasons the game has: an unknown one is refused
// before anything is kept) and answered with an ETag. Unshared, it costs one read of the
// board's version while a board built from it is kept (boardPage).
func (s *Server) predictionBoard(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("seasonId")
	// A fan behind on the season gets it withheld, saying why.
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "prediction board", err, msgSomethingWrong)
		return
	}
	if b, err := s.predictions.WithheldBoard(id, watch); err != nil || b != nil {
		s.answerBoard(w, r, b, err)
		return
	}
	v, err := s.shared.Get("predictions\x00"+id, func(ctx context.Context) (any, error) { return s.boardPage(ctx, id) })
	if err != nil {
		s.fail(w, r, "prediction board", err, msgSomethingWrong)
		return
	}
	v.(*httpcache.Precompressed).ServeUntagged(w, r)
}

// boardPage is seasonID's leaderboard in JSON, kept built (s.pages) under its version,
// which every change to what it shows moves on in the store, on any node: so it is read,
// encoded and gzipped once per change, not once per request, and never one change behind.
func (s *Server) boardPage(ctx context.Context, seasonID string) (*httpcache.Precompressed, error) {
	v, err := s.predictions.BoardVersionOf(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	key, version := "prediction-board\x00"+v.Season, strconv.FormatInt(v.Version, 10)+"."+strconv.Itoa(v.Boots)
	if p, ok := s.pages.Page(key, version); ok {
		return p, nil
	}
	b, err := s.predictions.Leaderboard(ctx, v.Season)
	if err != nil {
		return nil, err
	}
	body, err := encodeJSON(b)
	if err != nil {
		return nil, err
	}
	p := httpcache.NewPrecompressed(body, "application/json", "no-store")
	s.pages.Keep(key, version, p)
	return p, nil
}

// followingBoard answers the leaderboard of the signed-in fan and those they follow.
func (s *Server) followingBoard(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	watch, err := s.watchOf(r)
	if err != nil {
		s.fail(w, r, "following board", err, msgSomethingWrong)
		return
	}
	b, err := s.predictions.FollowingBoard(r.Context(), a, r.PathValue("seasonId"), watch)
	s.answerBoard(w, r, b, err)
}

func (s *Server) answerBoard(w http.ResponseWriter, r *http.Request, b *predictions.Board, err error) {
	if err != nil {
		s.fail(w, r, "prediction board", err, msgSomethingWrong)
		return
	}
	markShield(w, b.Shield != nil)
	writeJSON(w, http.StatusOK, b)
}
