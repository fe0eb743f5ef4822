package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"slices"

	"castaway/internal/model"
)

// The rows of the survivoR files, one struct a file, with the fields castaway shows. A
// newer copy may add fields; they are ignored. Season is survivoR's "version_season"
// (US20, AU3): the key every file shares.

type seasonRow struct {
	Season          string  `json:"version_season"`
	Franchise       string  `json:"version"`
	Number          int     `json:"season"`
	Name            string  `json:"season_name"`
	Location        string  `json:"location"`
	Country         string  `json:"country"`
	TribeSetup      string  `json:"tribe_setup"`
	Cast            int     `json:"n_cast"`
	Tribes          int     `json:"n_tribes"`
	Finalists       int     `json:"n_finalists"`
	Jury            int     `json:"n_jury"`
	WinnerID        string  `json:"winner_id"`
	FinalVote       string  `json:"final_vote"`
	Timeslot        string  `json:"timeslot"`
	Premiered       string  `json:"premiered"`
	Ended           string  `json:"ended"`
	FilmingStarted  string  `json:"filming_started"`
	FilmingEnded    string  `json:"filming_ended"`
	ViewersPremiere int     `json:"viewers_premiere"`
	ViewersFinale   int     `json:"viewers_finale"`
	ViewersMean     float64 `json:"viewers_mean"`
}

type episodeRow struct {
	Season   string  `json:"version_season"`
	Overall  int     `json:"episode_number_overall"`
	Episode  int     `json:"episode"`
	Title    string  `json:"episode_title"`
	Label    string  `json:"episode_label"`
	Date     string  `json:"episode_date"`
	Length   int     `json:"episode_length"`
	Viewers  int     `json:"viewers"`
	IMDb     float64 `json:"imdb_rating"`
	NRatings int     `json:"n_ratings"`
}

type castawayRow struct {
	Season        string `json:"version_season"`
	Number        int    `json:"season"`
	ID            string `json:"castaway_id"`
	FullName      string `json:"full_name"`
	ShortName     string `json:"castaway"`
	Age           int    `json:"age"`
	City          string `json:"city"`
	State         string `json:"state"`
	Episode       int    `json:"episode"`
	Day           int    `json:"day"`
	Order         int    `json:"order"`
	Result        string `json:"result"`
	Place         int    `json:"place"`
	OriginalTribe string `json:"original_tribe"`
	Jury          bool   `json:"jury"`
	Finalist      bool   `json:"finalist"`
	Winner        bool   `json:"winner"`
}

type personRow struct {
	ID         string `json:"castaway_id"`
	FullName   string `json:"full_name"`
	ShortName  string `json:"castaway"`
	Occupation string `json:"occupation"`
}

type bootRow struct {
	Season  string `json:"version_season"`
	ID      string `json:"castaway_id"`
	Episode int    `json:"episode"`
	Day     int    `json:"day"`
	Order   int    `json:"order"`
	Result  string `json:"result"`
}

// stageRow says who was in the game after each boot (sog_id, "stage of game").
type stageRow struct {
	Season     string `json:"version_season"`
	Episode    int    `json:"episode"`
	Order      int    `json:"order"`
	Boots      int    `json:"n_boots"`
	Stage      int    `json:"sog_id"`
	ID         string `json:"castaway_id"`
	Tribe      string `json:"tribe"`
	GameStatus string `json:"game_status"`
}

type voteRow struct {
	Season      string `json:"version_season"`
	Episode     int    `json:"episode"`
	Day         int    `json:"day"`
	TribeStatus string `json:"tribe_status"`
	Tribe       string `json:"tribe"`
	Voter       string `json:"castaway_id"`
	Target      string `json:"vote_id"`
	VotedOut    string `json:"voted_out_id"`
	Nullified   bool   `json:"nullified"`
	Tie         bool   `json:"tie"`
	Order       int    `json:"order"`
	VoteOrder   int    `json:"vote_order"`
	Stage       int    `json:"sog_id"`
	Event       string `json:"vote_event"`
	Outcome     string `json:"vote_event_outcome"`
	Immunity    string `json:"immunity"`
}

type juryRow struct {
	Season   string `json:"version_season"`
	Juror    string `json:"castaway_id"`
	Finalist string `json:"finalist_id"`
	Vote     int    `json:"vote"`
}

type confessionalRow struct {
	Season   string  `json:"version_season"`
	Episode  int     `json:"episode"`
	ID       string  `json:"castaway_id"`
	Count    int     `json:"confessional_count"`
	Seconds  int     `json:"confessional_time"`
	Expected float64 `json:"exp_count"`
}

type advantageRow struct {
	Season     string `json:"version_season"`
	ID         int    `json:"advantage_id"`
	Type       string `json:"advantage_type"`
	Clue       string `json:"clue_details"`
	Location   string `json:"location_found"`
	Conditions string `json:"conditions"`
}

type advantageEventRow struct {
	Season         string `json:"version_season"`
	Holder         string `json:"castaway_id"`
	Advantage      int    `json:"advantage_id"`
	Sequence       int    `json:"sequence_id"`
	Day            int    `json:"day"`
	Episode        int    `json:"episode"`
	Event          string `json:"event"`
	PlayedFor      string `json:"played_for_id"`
	Success        string `json:"success"`
	VotesNullified int    `json:"votes_nullified"`
	Stage          int    `json:"sog_id"`
}

type tribeRow struct {
	Season string `json:"version_season"`
	Tribe  string `json:"tribe"`
	Colour string `json:"tribe_colour"`
	Status string `json:"tribe_status"`
}

type memberRow struct {
	Season  string `json:"version_season"`
	Episode int    `json:"episode"`
	Day     int    `json:"day"`
	ID      string `json:"castaway_id"`
	Tribe   string `json:"tribe"`
	Status  string `json:"tribe_status"`
}

type scoreRow struct {
	Season    string  `json:"version_season"`
	ID        string  `json:"castaway_id"`
	Overall   float64 `json:"score_overall"`
	Outwit    float64 `json:"score_outwit"`
	Outplay   float64 `json:"score_outplay"`
	Outlast   float64 `json:"score_outlast"`
	Challenge float64 `json:"score_challenge"`
	Vote      float64 `json:"score_vote"`
	Advantage float64 `json:"score_adv"`
	Jury      float64 `json:"score_jury"`
}

type journeyRow struct {
	Season   string `json:"version_season"`
	Episode  int    `json:"episode"`
	ID       string `json:"castaway_id"`
	Reward   string `json:"reward"`
	LostVote bool   `json:"lost_vote"`
	Game     string `json:"game_played"`
	Event    string `json:"event"`
}

// rows is the whole data set as read.
type rows struct {
	seasons       []seasonRow
	episodes      []episodeRow
	castaways     []castawayRow
	people        []personRow
	boots         []bootRow
	stages        []stageRow
	votes         []voteRow
	jury          []juryRow
	confessionals []confessionalRow
	advantages    []advantageRow
	moves         []advantageEventRow
	tribes        []tribeRow
	members       []memberRow
	scores        []scoreRow
	journeys      []journeyRow
}

// Files are the data set's file names: an import brings exactly these.
var Files = []string{
	"season_summary.json", "episodes.json", "castaways.json", "castaway_details.json",
	"boot_order.json", "boot_mapping.json", "vote_history.json", "jury_votes.json",
	"confessionals.json", "advantage_details.json", "advantage_movement.json",
	"tribe_colours.json", "tribe_mapping.json", "castaway_scores.json", "journeys.json",
}

// targets are the slices each file's rows go to, in Files' order.
func (r *rows) targets() []any {
	return []any{&r.seasons, &r.episodes, &r.castaways, &r.people, &r.boots, &r.stages, &r.votes,
		&r.jury, &r.confessionals, &r.advantages, &r.moves, &r.tribes, &r.members, &r.scores, &r.journeys}
}

// readRows parses every file of fsys, then each record as one more row of its file,
// naming the file and row at fault.
func readRows(fsys fs.FS, records []model.GameRecord) (*rows, error) {
	r := &rows{}
	targets := r.targets()
	for i, name := range Files {
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := json.Unmarshal(body, targets[i]); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	fromFiles := len(r.seasons)
	for _, rec := range records {
		i := slices.Index(Files, rec.File)
		if i < 0 {
			return nil, fmt.Errorf("record %d: no file %q", rec.Seq, rec.File)
		}
		slice := reflect.ValueOf(targets[i]).Elem()
		row := reflect.New(slice.Type().Elem())
		if err := json.Unmarshal(rec.Body, row.Interface()); err != nil {
			return nil, fmt.Errorf("record %d (%s): %w", rec.Seq, rec.File, err)
		}
		slice.Set(reflect.Append(slice, row.Elem()))
	}
	r.seasons = restated(r.seasons, fromFiles)
	return r, r.check()
}

// restated lets a record restate a season's summary (a premiere moved): each row after
// the first n takes the place of an earlier one for the same season.
func restated(seasons []seasonRow, n int) []seasonRow {
	out := slices.Clone(seasons[:n])
	for _, s := range seasons[n:] {
		if i := slices.IndexFunc(out, func(o seasonRow) bool { return o.Season == s.Season }); i >= 0 {
			out[i] = s
		} else {
			out = append(out, s)
		}
	}
	return out
}

// check refuses rows without the keys that tie the files together.
func (r *rows) check() error {
	known := map[string]bool{}
	for i, s := range r.seasons {
		if s.Season == "" || s.Franchise == "" || s.Number <= 0 {
			return fmt.Errorf("season_summary.json: row %d has no version_season, version or season", i+1)
		}
		if seasonIDOf(s.Season) != SeasonID(s.Franchise, s.Number) {
			return fmt.Errorf("season_summary.json: %s is not season %d of %s", s.Season, s.Number, s.Franchise)
		}
		if known[s.Season] {
			return fmt.Errorf("season_summary.json: %s is there twice", s.Season)
		}
		known[s.Season] = true
	}
	people := map[string]bool{}
	for i, p := range r.people {
		if p.ID == "" {
			return fmt.Errorf("castaway_details.json: row %d has no castaway_id", i+1)
		}
		people[p.ID] = true
	}
	seasonOf := func(file string, i int, season string) error {
		if !known[season] {
			return fmt.Errorf("%s: row %d names season %q, which season_summary.json does not have", file, i+1, season)
		}
		return nil
	}
	for i, c := range r.castaways {
		if err := seasonOf("castaways.json", i, c.Season); err != nil {
			return err
		}
		if !people[c.ID] {
			return fmt.Errorf("castaways.json: row %d names castaway %q, who is not in castaway_details.json", i+1, c.ID)
		}
	}
	for name, seasons := range map[string][]string{
		"episodes.json":           seasonsOf(r.episodes, func(e episodeRow) string { return e.Season }),
		"boot_order.json":         seasonsOf(r.boots, func(e bootRow) string { return e.Season }),
		"boot_mapping.json":       seasonsOf(r.stages, func(e stageRow) string { return e.Season }),
		"vote_history.json":       seasonsOf(r.votes, func(e voteRow) string { return e.Season }),
		"jury_votes.json":         seasonsOf(r.jury, func(e juryRow) string { return e.Season }),
		"confessionals.json":      seasonsOf(r.confessionals, func(e confessionalRow) string { return e.Season }),
		"advantage_details.json":  seasonsOf(r.advantages, func(e advantageRow) string { return e.Season }),
		"advantage_movement.json": seasonsOf(r.moves, func(e advantageEventRow) string { return e.Season }),
		"tribe_colours.json":      seasonsOf(r.tribes, func(e tribeRow) string { return e.Season }),
		"tribe_mapping.json":      seasonsOf(r.members, func(e memberRow) string { return e.Season }),
		"castaway_scores.json":    seasonsOf(r.scores, func(e scoreRow) string { return e.Season }),
		"journeys.json":           seasonsOf(r.journeys, func(e journeyRow) string { return e.Season }),
	} {
		for i, s := range seasons {
			if err := seasonOf(name, i, s); err != nil {
				return err
			}
		}
	}
	return nil
}

func seasonsOf[T any](rows []T, season func(T) string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = season(r)
	}
	return out
}
