package server

import (
	"context"
	"net/http"
	"strconv"

	"castaway/internal/api"
	"castaway/internal/predictions"
	"castaway/internal/problem"
)

// Predictions of a season on air: thin handlers over predictions.Service.

// myPrediction answers the signed-in fan's prediction page of a season.
func (s *Server) myPrediction(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	v, err := s.predictions.Mine(r.Context(), a, r.PathValue("seasonId"))
	s.answerPrediction(w, r, "my prediction", v, err)
}

// savePrediction publishes or changes the fan's prediction, refused once locked.
func (s *Server) savePrediction(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.SavePredictionJSONBody](w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	v, err := s.predictions.Predict(r.Context(), a, r.PathValue("seasonId"), body.Order)
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
	v, err := s.predictions.Pick(r.Context(), a, r.PathValue("seasonId"), episode, body.Castaway)
	s.answerPrediction(w, r, "save pick", v, err)
}

// prediction answers a fan's prediction page, shown to others once locked.
func (s *Server) prediction(w http.ResponseWriter, r *http.Request) {
	v, err := s.predictions.Of(r.Context(), actorOf(r), r.PathValue("seasonId"), r.PathValue("userId"))
	s.answerPrediction(w, r, "prediction", v, err)
}

func (s *Server) answerPrediction(w http.ResponseWriter, r *http.Request, what string, v *predictions.View, err error) {
	if err != nil {
		s.fail(w, r, what, err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// predictionBoard answers a season's leaderboard: the same for everyone, shared for a
// moment under the season's id (only seasons the game has: an unknown one is refused
// before anything is kept) and answered with an ETag.
func (s *Server) predictionBoard(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("seasonId")
	v, err := s.shared.Get("predictions\x00"+id, func(ctx context.Context) (any, error) { return s.predictions.Leaderboard(ctx, id) })
	if err != nil {
		s.fail(w, r, "prediction board", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// followingBoard answers the leaderboard of the signed-in fan and those they follow.
func (s *Server) followingBoard(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgPredictionSignedOut)
	if !ok {
		return
	}
	b, err := s.predictions.FollowingBoard(r.Context(), a, r.PathValue("seasonId"))
	if err != nil {
		s.fail(w, r, "following board", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, b)
}
