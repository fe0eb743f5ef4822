package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/game"
	"castaway/internal/problem"
)

// addSeasonOnAir adds a season as it starts airing: a moderator's.
func (s *Server) addSeasonOnAir(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.SeasonOnAirInput](w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	in := game.NewSeason{Franchise: string(body.Franchise), Number: body.Number, Name: body.Name,
		Location: orZero(body.Location), Country: orZero(body.Country), Premiere: body.Premiere}
	for _, c := range body.Cast {
		in.Cast = append(in.Cast, game.NewCastaway{ContestantID: orZero(c.ContestantId), Name: orZero(c.Name), Tribe: c.Tribe,
			Age: orZero(c.Age), Hometown: orZero(c.Hometown), Occupation: orZero(c.Occupation)})
	}
	season, err := s.game.AddSeason(r.Context(), a, in)
	if err != nil {
		s.fail(w, r, "add season", err, problem.MsgModerationActionFailed)
		return
	}
	writeJSON(w, http.StatusCreated, season)
}

// recordBoot records a boot of a season on air: a moderator's.
func (s *Server) recordBoot(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.BootInput](w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	in := game.NewBoot{Episode: body.Episode, EpisodeTitle: orZero(body.EpisodeTitle), AirDate: orZero(body.AirDate),
		Day: body.Day, Castaway: body.Castaway, Result: body.Result}
	for _, v := range orZero(body.Votes) {
		in.Votes = append(in.Votes, game.NewVote{Voter: v.Voter, Target: v.Target})
	}
	for _, i := range orZero(body.Idols) {
		in.Idols = append(in.Idols, game.NewIdol{Castaway: i.Castaway, Event: string(i.Event), PlayedFor: orZero(i.PlayedFor)})
	}
	season, err := s.game.RecordBoot(r.Context(), a, r.PathValue("seasonId"), in)
	if err != nil {
		s.fail(w, r, "record boot", err, problem.MsgModerationActionFailed)
		return
	}
	writeJSON(w, http.StatusCreated, season)
}

// setPremiere moves the premiere of a season on air: a moderator's.
func (s *Server) setPremiere(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.SetPremiereJSONBody](w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	season, err := s.game.SetPremiere(r.Context(), a, r.PathValue("seasonId"), body.Premiere)
	if err != nil {
		s.fail(w, r, "set premiere", err, problem.MsgModerationActionFailed)
		return
	}
	writeJSON(w, http.StatusOK, season)
}

// undoBoot takes back the last boot of a season on air: a moderator's.
func (s *Server) undoBoot(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	season, err := s.game.UndoBoot(r.Context(), a, r.PathValue("seasonId"))
	if err != nil {
		s.fail(w, r, "undo boot", err, problem.MsgModerationActionFailed)
		return
	}
	writeJSON(w, http.StatusOK, season)
}
