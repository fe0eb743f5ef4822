// Package global holds the Global Rankings vote: what a ballot is (ten slots, each a
// contestant of the poll's season or empty, no one twice), the problems a voter can
// meet, in the product's words, and the use cases of its Service. How ballots score
// and the results order is model's (vote.go).
package global

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"castaway/internal/catalog"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// Slots is the length of every ballot; the vote's arithmetic (points, tally, the change
// a new ballot makes) is model's, which the store shares.
const Slots = model.BallotSlots

// TopN is how many contestants the results show; the overview shows TopPreview.
const (
	TopN       = 10
	TopPreview = 3
)

// Messages and problems, word for word from the spec where it has them.
const (
	MsgSignedOut    = problem.MsgBallotSignedOut
	MsgMissing      = problem.MsgBallotMissing
	MsgSubmitFailed = problem.MsgBallotFailed
	MsgLoadFailed   = problem.MsgGlobalLoadFailed
	MsgClosed       = problem.MsgPollClosed
	MsgPollNotFound = problem.MsgPollNotFound
	MsgSeason       = problem.MsgBallotSeason
	MsgRateLimited  = problem.MsgTooManySubmissions
)

var (
	ErrSignedOut    = problem.New(problem.Unauthorized, "unauthorized", MsgSignedOut)
	ErrMissing      = problem.InvalidField("ranking", MsgMissing)
	ErrClosed       = problem.New(problem.Conflict, "poll_closed", MsgClosed)
	ErrPollNotFound = problem.New(problem.NotFound, "poll_not_found", MsgPollNotFound)
)

// Ballot is a checked ballot: Slots entries, nil for an empty slot.
type Ballot []*model.Item

// IDs are the ballot's contestant ids by slot, "" for an empty slot.
func (b Ballot) IDs() []string { return b.each(func(it *model.Item) string { return it.ID }) }

// Names are the ballot's contestant names by slot, "" for an empty slot.
func (b Ballot) Names() []string { return b.each(func(it *model.Item) string { return it.Name }) }

// each is field of every slot's contestant, "" for an empty slot.
func (b Ballot) each(field func(*model.Item) string) []string {
	out := make([]string, len(b))
	for i, it := range b {
		if it != nil {
			out[i] = field(it)
		}
	}
	return out
}

// Check turns a submitted ranking (contestant ids by slot, nil or "" for an empty
// slot) into a Ballot for the poll's season: exactly Slots slots, only contestants of
// that season (an earlier product's id is translated), no season, no one twice.
func Check(cat *catalog.Catalog, seasonID string, ranking []*string) (Ballot, error) {
	if len(ranking) != Slots {
		return nil, ErrMissing
	}
	season, ok := cat.Season(seasonID)
	if !ok {
		return nil, fmt.Errorf("poll season %q is not in the catalog", seasonID)
	}
	b := make(Ballot, Slots)
	at := map[string]int{} // contestant id -> slot
	for i, p := range ranking {
		if p == nil || *p == "" {
			continue
		}
		id := *p
		if _, isSeason := cat.Season(id); isSeason {
			return nil, problem.InvalidField("ranking", MsgSeason)
		}
		ct, s, ok := cat.Contestant(id, seasonID)
		if !ok {
			return nil, problem.InvalidField("ranking", problem.Format(problem.MsgContestantUnknown, map[string]string{"id": problem.Quoted(id)}))
		}
		if s.ID != season.ID {
			return nil, problem.InvalidField("ranking", problem.Format(problem.MsgBallotOtherSeason, map[string]string{"name": ct.Name, "season": season.Name}))
		}
		if first, dup := at[ct.ID]; dup {
			return nil, problem.InvalidField("ranking", problem.Format(problem.MsgBallotDuplicate, map[string]string{"name": ct.Name, "position": problem.Number(first + 1)}))
		}
		at[ct.ID] = i
		b[i] = &model.Item{ID: ct.ID, Name: ct.Name, ImageURL: ct.ImageURL, SeasonID: season.ID, SeasonName: season.Name}
	}
	return b, nil
}

// Item is the catalog entry of a contestant of seasonID as the results show it; a
// contestant the catalog no longer has keeps its id and name.
func Item(cat *catalog.Catalog, seasonID, id, name string) model.Item {
	ct, s, ok := cat.Contestant(id, seasonID)
	if !ok {
		if name == "" {
			name = id
		}
		return model.Item{ID: id, Name: name, SeasonID: seasonID}
	}
	return model.Item{ID: ct.ID, Name: ct.Name, ImageURL: ct.ImageURL, SeasonID: s.ID, SeasonName: s.Name}
}

// NameOf finds a contestant's name in the catalog, "" when it has none.
func NameOf(cat *catalog.Catalog) func(id string) string {
	return func(id string) string {
		ct, _, ok := cat.Contestant(id, "")
		if !ok {
			return ""
		}
		return ct.Name
	}
}

// Write limits on ballots: per account and per client address, shared by every node. A
// poll's comments count against the comments' limits (comments.PostPerUser).
var (
	BallotPerUser   = limits.Limit{Name: "global-ballot-user", Max: 20, Window: 10 * time.Minute, Message: MsgRateLimited}
	BallotPerClient = limits.Limit{Name: "global-ballot-ip", Max: 200, Window: 10 * time.Minute, Message: MsgRateLimited}
)

// ParseRanking reads a submitted ranking: a JSON array whose slots are a contestant
// id, null, or an item object {id, isSeason}; the earlier product's form, an object
// with a contestants array, is tolerated. Anything else is missing data. Check then
// applies the rules.
func ParseRanking(raw json.RawMessage) ([]*string, error) {
	var slots []json.RawMessage
	if err := json.Unmarshal(raw, &slots); err != nil {
		var wrapped struct {
			Contestants []json.RawMessage `json:"contestants"`
		}
		if err := json.Unmarshal(raw, &wrapped); err != nil || wrapped.Contestants == nil {
			return nil, ErrMissing
		}
		slots = wrapped.Contestants
	}
	if slots == nil {
		return nil, ErrMissing
	}
	out := make([]*string, len(slots))
	for i, s := range slots {
		var id *string
		if err := json.Unmarshal(s, &id); err == nil {
			out[i] = id
			continue
		}
		var item struct {
			ID       string `json:"id"`
			IsSeason bool   `json:"isSeason"`
			IsEmpty  bool   `json:"isEmpty"`
		}
		if err := json.Unmarshal(s, &item); err != nil {
			return nil, ErrMissing
		}
		if item.IsSeason {
			return nil, problem.InvalidField("ranking", MsgSeason)
		}
		if !item.IsEmpty && item.ID != "" {
			out[i] = &item.ID
		}
	}
	return out, nil
}

// Limits of a poll's text, and the shape of its id (it is part of the page's URL).
const (
	MaxPollTitle       = 100
	MaxPollDescription = 500
)

var pollID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

// CheckPoll checks a new poll's fields: an id of lower-case letters, digits and
// hyphens (like season-48), a season of the catalog, a title, and a description
// that fits.
func CheckPoll(cat *catalog.Catalog, id, seasonID, title, description string) error {
	switch {
	case !pollID.MatchString(id):
		return problem.InvalidField("id", problem.MsgPollIdInvalid)
	case seasonID == "":
		return problem.InvalidField("season", problem.MsgPollSeasonRequired)
	case strings.TrimSpace(title) == "":
		return problem.InvalidField("title", problem.MsgPollTitleRequired)
	case utf8.RuneCountInString(title) > MaxPollTitle:
		return problem.InvalidField("title", problem.Format(problem.MsgPollTitleTooLong, map[string]string{"max": problem.Number(MaxPollTitle)}))
	case utf8.RuneCountInString(description) > MaxPollDescription:
		return problem.InvalidField("description", problem.Format(problem.MsgPollDescriptionTooLong, map[string]string{"max": problem.Number(MaxPollDescription)}))
	}
	if _, ok := cat.Season(seasonID); !ok {
		return problem.InvalidField("season", problem.Format(problem.MsgPollSeasonUnknown, map[string]string{"id": problem.Quoted(seasonID)}))
	}
	return nil
}
