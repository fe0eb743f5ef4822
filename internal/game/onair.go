package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"castaway/internal/catalog"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// What moderators record of a season while it airs: the season and its cast, then each
// boot with its votes. Each is stored as rows of the survivoR files it extends
// (model.GameRecord), so the season on air is built and shown like every other.

// Bounds of what a moderator types.
const (
	MaxSeasonName = 100
	MaxCast       = 40
	MaxName       = 80
	MaxTribe      = 40
	MaxResult     = 60
	MaxText       = 100 // a location, country, hometown, occupation, episode title
)

// tooLong refuses a text over MaxText, naming field.
func tooLong(field string, texts ...string) error {
	for _, t := range texts {
		if utf8.RuneCountInString(t) > MaxText {
			return invalid(field, problem.MsgOnAirTextTooLong, limit(MaxText))
		}
	}
	return nil
}

// NewSeason is a season added as it starts airing.
type NewSeason struct {
	Franchise string // US, AU, SA, NZ, UK
	Number    int
	Name      string
	Location  string
	Country   string
	Premiere  string // YYYY-MM-DD
	Cast      []NewCastaway
}

// NewCastaway is one of its cast: a returning player by id, or a newcomer by name.
type NewCastaway struct {
	ContestantID string
	Name         string
	Age          int
	Hometown     string
	Occupation   string
	Tribe        string
}

// NewBoot is a boot as it airs: who left, how, when, and the votes that sent them.
type NewBoot struct {
	Episode      int
	EpisodeTitle string
	AirDate      string // YYYY-MM-DD, "" when not said
	Day          int
	Castaway     string // contestant id
	Result       string // "3rd voted out", "Medically evacuated"
	Votes        []NewVote
	Idols        []NewIdol
}

// NewVote is one vote at the council: voter for target (contestant ids).
type NewVote struct{ Voter, Target string }

// NewIdol is an idol found or played in the episode of a boot: Castaway (a contestant id)
// found one, or played the one they hold for PlayedFor (themselves when empty). A play
// succeeded when who it was played for is not the one who left.
type NewIdol struct {
	Castaway  string
	Event     string // "found" or "played"
	PlayedFor string
}

var date = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// Records are moderators' work: a few a minute while a season airs.
var (
	RecordPerUser   = limits.Limit{Name: "game-record-user", Max: 600, Window: time.Hour, Message: problem.MsgTooManyModerations}
	RecordPerClient = limits.Limit{Name: "game-record-ip", Max: 600, Window: time.Hour, Message: problem.MsgTooManyModerations}
	errNotModerator = problem.New(problem.Forbidden, "forbidden", problem.MsgOnlyModerators)
)

// moderator lets a through when a moderator within their records' limits.
func (s *Service) moderator(ctx context.Context, a model.Actor) error {
	if a.User == nil || !a.User.IsAdmin {
		return errNotModerator
	}
	return s.writes.Take(ctx, a.UserID(), a.Client, RecordPerUser, RecordPerClient)
}

func invalid(field, message string, values map[string]string) error {
	return problem.InvalidField(field, problem.Format(message, values))
}

func limit(n int) map[string]string { return map[string]string{"max": strconv.Itoa(n)} }

// AddSeason adds a season as it starts airing, with its cast and their first tribes.
func (s *Service) AddSeason(ctx context.Context, a model.Actor, in NewSeason) (*Season, error) {
	if err := s.moderator(ctx, a); err != nil {
		return nil, err
	}
	in.Franchise = strings.ToUpper(strings.TrimSpace(in.Franchise))
	in.Name = strings.TrimSpace(in.Name)
	if !slices.Contains(Franchises, in.Franchise) {
		return nil, problem.InvalidField("franchise", problem.MsgOnAirFranchise)
	}
	if in.Number < 1 || in.Number > 999 {
		return nil, problem.InvalidField("number", problem.MsgOnAirNumber)
	}
	id := SeasonID(in.Franchise, in.Number)
	if _, ok := s.game.Load().Season(id); ok {
		taken := catalog.Season{Franchise: in.Franchise, Number: in.Number}
		return nil, invalid("number", problem.MsgOnAirSeasonTaken, map[string]string{"label": taken.Label()})
	}
	if n := utf8.RuneCountInString(in.Name); n < 1 || n > MaxSeasonName {
		return nil, invalid("name", problem.MsgOnAirName, limit(MaxSeasonName))
	}
	if _, err := time.Parse(time.DateOnly, in.Premiere); !date.MatchString(in.Premiere) || err != nil {
		return nil, problem.InvalidField("premiere", problem.MsgOnAirPremiere)
	}
	if len(in.Cast) < 2 || len(in.Cast) > MaxCast {
		return nil, invalid("cast", problem.MsgOnAirCastSize, limit(MaxCast))
	}
	if err := tooLong("location", in.Location, in.Country); err != nil {
		return nil, err
	}
	version := fmt.Sprintf("%s%02d", in.Franchise, in.Number)
	rows := []row{{"season_summary.json", map[string]any{"version_season": version, "version": in.Franchise, "season": in.Number,
		"season_name": in.Name, "location": strings.TrimSpace(in.Location), "country": strings.TrimSpace(in.Country),
		"n_cast": len(in.Cast), "premiered": in.Premiere}}}
	g := s.game.Load()
	next := nextSurvivorID(g, in.Franchise)
	seen := map[string]bool{}
	tribes := []string{}
	for _, c := range in.Cast {
		c.Name, c.Tribe = strings.TrimSpace(c.Name), strings.TrimSpace(c.Tribe)
		if err := tooLong("cast", c.Hometown, c.Occupation); err != nil {
			return nil, err
		}
		if n := utf8.RuneCountInString(c.Tribe); n < 1 || n > MaxTribe {
			return nil, invalid("cast", problem.MsgOnAirTribe, limit(MaxTribe))
		}
		var survivorID string
		if c.ContestantID != "" {
			p, ok := g.Person(c.ContestantID)
			if !ok {
				return nil, invalid("cast", problem.MsgOnAirCastUnknown, map[string]string{"id": c.ContestantID})
			}
			survivorID, c.Name = p.SurvivorID, p.Name
		} else {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > MaxName {
				return nil, invalid("cast", problem.MsgOnAirCastName, limit(MaxName))
			}
			survivorID = next()
			rows = append(rows, row{"castaway_details.json", map[string]any{"castaway_id": survivorID, "full_name": c.Name,
				"castaway": strings.Fields(c.Name)[0], "occupation": strings.TrimSpace(c.Occupation)}})
		}
		if seen[survivorID] {
			return nil, invalid("cast", problem.MsgOnAirCastTwice, map[string]string{"name": c.Name})
		}
		seen[survivorID] = true
		if !slices.Contains(tribes, c.Tribe) {
			tribes = append(tribes, c.Tribe)
		}
		rows = append(rows,
			row{"castaways.json", map[string]any{"version_season": version, "version": in.Franchise, "season": in.Number,
				"castaway_id": survivorID, "full_name": c.Name, "castaway": strings.Fields(c.Name)[0], "age": c.Age,
				"city": strings.TrimSpace(c.Hometown), "original_tribe": c.Tribe}},
			row{"tribe_mapping.json", map[string]any{"version_season": version, "episode": 1, "day": 1,
				"castaway_id": survivorID, "tribe": c.Tribe, "tribe_status": "Original"}})
	}
	for i, t := range tribes {
		rows = append(rows, row{"tribe_colours.json", map[string]any{"version_season": version, "tribe": t,
			"tribe_colour": tribeColours[i%len(tribeColours)], "tribe_status": "Original"}})
	}
	if err := s.record(ctx, a.UserID(), version, rows); err != nil {
		return nil, err
	}
	return s.Season(id)
}

// RecordBoot records who left a season on air, with the council's votes, as it airs.
func (s *Service) RecordBoot(ctx context.Context, a model.Actor, seasonID string, in NewBoot) (*Season, error) {
	if err := s.moderator(ctx, a); err != nil {
		return nil, err
	}
	season, version, err := s.onAir(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	in.Result = strings.TrimSpace(in.Result)
	if in.Castaway == "" {
		return nil, problem.InvalidField("castaway", problem.MsgOnAirWhoLeft)
	}
	if in.Episode < 1 || in.Episode > 99 {
		return nil, problem.InvalidField("episode", problem.MsgOnAirEpisodeRequired)
	}
	cast := map[string]*Castaway{}
	for _, c := range season.Cast {
		cast[c.ID] = c
	}
	playing := func(id, field string) (*Castaway, error) {
		c, ok := cast[id]
		if !ok {
			return nil, invalid(field, problem.MsgOnAirNotInCast, map[string]string{"name": id, "season": season.Name})
		}
		if c.Result != "" {
			msg := problem.MsgOnAirAlreadyOut
			if field == "votes" {
				msg = problem.MsgOnAirVoterOut
			}
			return nil, invalid(field, msg, map[string]string{"name": c.Name})
		}
		return c, nil
	}
	out, err := playing(in.Castaway, "castaway")
	if err != nil {
		return nil, err
	}
	last := Boot{Episode: 1, Day: 1}
	if n := len(season.Boots); n > 0 {
		last = season.Boots[n-1]
	}
	if in.Episode < last.Episode {
		return nil, invalid("episode", problem.MsgOnAirEpisode, map[string]string{"episode": strconv.Itoa(in.Episode), "last": strconv.Itoa(last.Episode)})
	}
	if in.Day < last.Day || in.Day > 100 {
		return nil, invalid("day", problem.MsgOnAirDay, map[string]string{"min": strconv.Itoa(last.Day)})
	}
	if n := utf8.RuneCountInString(in.Result); n < 1 || n > MaxResult {
		return nil, invalid("result", problem.MsgOnAirResult, limit(MaxResult))
	}
	if err := tooLong("episodeTitle", in.EpisodeTitle); err != nil {
		return nil, err
	}
	if in.AirDate != "" {
		if _, err := time.Parse(time.DateOnly, in.AirDate); !date.MatchString(in.AirDate) || err != nil {
			return nil, problem.InvalidField("airDate", problem.MsgOnAirPremiere)
		}
	}
	order := len(season.Boots) + 1
	var rows []row
	if !slices.ContainsFunc(season.Episodes, func(e Episode) bool { return e.Number == in.Episode }) {
		rows = append(rows, row{"episodes.json", map[string]any{"version_season": version, "episode": in.Episode,
			"episode_title": strings.TrimSpace(in.EpisodeTitle), "episode_date": in.AirDate}})
	}
	rows = append(rows, row{"boot_order.json", map[string]any{"version_season": version, "castaway_id": out.SurvivorID,
		"episode": in.Episode, "day": in.Day, "order": order, "result": in.Result}})
	if len(in.Votes) > len(cast) {
		return nil, invalid("votes", problem.MsgOnAirCastSize, limit(MaxCast))
	}
	for _, v := range in.Votes {
		voter, err := playing(v.Voter, "votes")
		if err != nil {
			return nil, err
		}
		target, err := playing(v.Target, "votes")
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{"vote_history.json", map[string]any{"version_season": version, "episode": in.Episode,
			"day": in.Day, "castaway_id": voter.SurvivorID, "vote_id": target.SurvivorID, "voted_out_id": out.SurvivorID,
			"order": order, "vote_order": 1}})
	}
	idols, err := idolRows(season, version, in, playing)
	if err != nil {
		return nil, err
	}
	if err := s.record(ctx, a.UserID(), version, append(rows, idols...)); err != nil {
		return nil, err
	}
	s.bootsChanged(ctx, seasonID, a.UserID())
	return s.Season(seasonID)
}

// idolRows are the rows of the idols found and played in a boot's episode: a found idol is
// a new advantage; a play spends the newest idol the castaway found and has not played.
func idolRows(season *Season, version string, in NewBoot, playing func(id, field string) (*Castaway, error)) ([]row, error) {
	var rows []row
	held := map[string][]int{} // castaway id -> advantages they hold, by id
	for i, adv := range season.Advantages {
		for _, e := range adv.Events {
			switch {
			case obtained(e.Event):
				held[e.Castaway] = append(held[e.Castaway], i+1)
			case e.Event == "Played":
				held[e.Castaway] = slices.DeleteFunc(held[e.Castaway], func(n int) bool { return n == i+1 })
			}
		}
	}
	next := len(season.Advantages)
	for _, idol := range in.Idols {
		holder, err := playing(idol.Castaway, "idols")
		if err != nil {
			return nil, err
		}
		move := map[string]any{"version_season": version, "castaway_id": holder.SurvivorID, "episode": in.Episode, "day": in.Day, "sequence_id": 1}
		switch idol.Event {
		case "found":
			next++
			rows = append(rows, row{"advantage_details.json", map[string]any{"version_season": version, "advantage_id": next,
				"advantage_type": "Hidden Immunity Idol"}})
			move["advantage_id"], move["event"] = next, "Found"
			held[holder.ID] = append(held[holder.ID], next)
		case "played":
			mine := held[holder.ID]
			if len(mine) == 0 {
				return nil, invalid("idols", problem.MsgOnAirNoIdol, map[string]string{"name": holder.Name})
			}
			target := holder
			if idol.PlayedFor != "" {
				if target, err = playing(idol.PlayedFor, "idols"); err != nil {
					return nil, err
				}
			}
			move["advantage_id"], move["event"], move["sequence_id"] = mine[len(mine)-1], "Played", 2
			move["played_for_id"], move["success"] = target.SurvivorID, map[bool]string{true: "Yes", false: "No"}[target.ID != in.Castaway]
			held[holder.ID] = mine[:len(mine)-1]
		default:
			return nil, problem.InvalidField("idols", problem.MsgOnAirIdolEvent)
		}
		rows = append(rows, row{"advantage_movement.json", move})
	}
	return rows, nil
}

// SetPremiere moves the premiere of a season on air (an air date announced late or moved).
func (s *Service) SetPremiere(ctx context.Context, a model.Actor, seasonID, premiere string) (*Season, error) {
	if err := s.moderator(ctx, a); err != nil {
		return nil, err
	}
	season, version, err := s.onAir(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	if _, err := time.Parse(time.DateOnly, premiere); !date.MatchString(premiere) || err != nil {
		return nil, problem.InvalidField("premiere", problem.MsgOnAirPremiere)
	}
	restated := map[string]any{"version_season": version, "version": season.Franchise, "season": season.Number,
		"season_name": season.Name, "location": season.Location, "country": season.Country, "n_cast": season.CastSize,
		"premiered": premiere}
	if err := s.record(ctx, a.UserID(), version, []row{{"season_summary.json", restated}}); err != nil {
		return nil, err
	}
	return s.Season(seasonID)
}

// UndoBoot takes back the last boot recorded for a season on air, with its votes.
func (s *Service) UndoBoot(ctx context.Context, a model.Actor, seasonID string) (*Season, error) {
	if err := s.moderator(ctx, a); err != nil {
		return nil, err
	}
	_, version, err := s.onAir(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	undone, err := s.store.DeleteLastGameBatch(ctx, version, "boot_order.json")
	if err != nil {
		return nil, err
	}
	if !undone {
		return nil, problem.New(problem.Conflict, "nothing_to_undo", problem.MsgOnAirNothingToUndo)
	}
	if err := s.changed(ctx); err != nil {
		return nil, err
	}
	s.bootsChanged(ctx, seasonID, a.UserID())
	return s.Season(seasonID)
}

// onAir is a season that moderators added (only those take records) and its survivoR id.
func (s *Service) onAir(ctx context.Context, seasonID string) (*Season, string, error) {
	season, err := s.Season(seasonID)
	if err != nil {
		return nil, "", err
	}
	version := fmt.Sprintf("%s%02d", season.Franchise, season.Number)
	records, err := s.store.GameRecords(ctx)
	if err != nil {
		return nil, "", err
	}
	if !slices.ContainsFunc(records, func(r model.GameRecord) bool { return r.Season == version && r.File == "season_summary.json" }) {
		return nil, "", problem.New(problem.Conflict, "not_on_air",
			problem.Format(problem.MsgOnAirNotOnAir, map[string]string{"label": season.Name}))
	}
	return season, version, nil
}

type row struct {
	file string
	body map[string]any
}

// record stores rows as one batch of records, refusing them first if the game they make
// does not build, then puts the game in place here and tells every node.
func (s *Service) record(ctx context.Context, by, version string, rows []row) error {
	at := s.now().UTC()
	records := make([]model.GameRecord, len(rows))
	for i, r := range rows {
		body, err := json.Marshal(r.body)
		if err != nil {
			return err
		}
		records[i] = model.GameRecord{Season: version, File: r.file, Body: body, By: by, At: at}
	}
	files, err := s.store.GameFiles(ctx)
	if err != nil {
		return err
	}
	stored, err := s.store.GameRecords(ctx)
	if err != nil {
		return err
	}
	if _, _, err := Build(filesOrShipped(files), append(stored, records...)); err != nil {
		return fmt.Errorf("record %s: %w", version, err)
	}
	var last int64
	if n := len(stored); n > 0 {
		last = stored[n-1].Seq
	}
	if err := s.store.AddGameRecords(ctx, last, records); errors.Is(err, store.ErrRecordRace) {
		return problem.New(problem.Conflict, "busy", problem.MsgOnAirBusy)
	} else if err != nil {
		return err
	}
	return s.changed(ctx)
}

// nextSurvivorID hands out ids for newcomers of franchise past every id the game has,
// in survivoR's shape (US0901).
func nextSurvivorID(g *Game, franchise string) func() string {
	most := 0
	for _, p := range g.people {
		if n, err := strconv.Atoi(strings.TrimPrefix(p.SurvivorID, franchise)); err == nil && strings.HasPrefix(p.SurvivorID, franchise) {
			most = max(most, n)
		}
	}
	return func() string {
		most++
		return fmt.Sprintf("%s%04d", franchise, most)
	}
}

// tribeColours are given to a season on air's tribes in turn.
var tribeColours = []string{"#e5a954", "#9addd0", "#d973ce", "#7fb069", "#e4572e", "#4d9de0"}
