package predictions

import (
	"context"
	"errors"
	"strconv"
	"time"

	"castaway/internal/game"
	"castaway/internal/model"
	"castaway/internal/store"
)

// View is a prediction page: the season's locks, the fan's entry (nil when they have none)
// and how it scores boot by boot and episode by episode.
type View struct {
	SeasonID   string      `json:"seasonId"`
	SeasonName string      `json:"seasonName"`
	LocksAt    time.Time   `json:"locksAt"`
	Locked     bool        `json:"locked"`
	Mine       bool        `json:"mine"` // the viewer's own
	Entry      *Entry      `json:"entry"`
	Boots      []BootScore `json:"boots"`
	Episodes   []Episode   `json:"episodes"`
	CastSize   int         `json:"castSize"`
	Shield     *Shield     `json:"shield,omitempty"` // the viewer is behind on the season
}

// Entry is a fan's prediction and picks with its kept score.
type Entry struct {
	UserID    string            `json:"userId"`
	UserName  string            `json:"userName"`
	Order     []string          `json:"order"`
	UpdatedAt time.Time         `json:"updatedAt"`
	Picks     map[string]string `json:"picks"` // episode number -> castaway id
	Score     Points            `json:"score"`
}

// Points is a kept score, as the API sends it.
type Points struct {
	Score       int `json:"score"`
	PlacePoints int `json:"placePoints"`
	Hits        int `json:"hits"`
	PicksRight  int `json:"picksRight"`
	Streak      int `json:"streak"`
	BestStreak  int `json:"bestStreak"`
	Boots       int `json:"boots"`
}

func scoreOf(v model.PredictionScore) Points {
	return Points{Score: v.Score, PlacePoints: v.PlacePoints, Hits: v.Hits, PicksRight: v.PicksRight,
		Streak: v.Streak, BestStreak: v.BestStreak, Boots: v.Boots}
}

// BootScore is one boot and what the prediction made of it.
type BootScore struct {
	Order     int    `json:"order"`
	Castaway  string `json:"castaway"`
	Episode   int    `json:"episode"`
	Place     int    `json:"place"`     // the real one
	Predicted int    `json:"predicted"` // 0 when the fan predicted no order
	Points    int    `json:"points"`
	Hit       bool   `json:"hit"`
}

// Episode is one episode's pick: when it locks, the fan's pick, and whether it was right
// (nil until the episode has a boot).
type Episode struct {
	Number  int       `json:"number"`
	LocksAt time.Time `json:"locksAt"`
	Locked  bool      `json:"locked"`
	Pick    string    `json:"pick,omitempty"`
	Right   *bool     `json:"right,omitempty"`
}

// view is userID's page of season, for viewer, who watched w: a viewer behind on the
// season gets its boots up to their episode, and the score as of it.
func (s *Service) view(ctx context.Context, season *game.Season, userID, viewer string, w Watch) (*View, error) {
	season, shield := seen(season, w)
	now := s.now()
	lock, _ := PremiereLock(season)
	v := &View{SeasonID: season.ID, SeasonName: season.Name, LocksAt: lock, Locked: !now.Before(lock), Mine: userID == viewer,
		CastSize: len(season.Cast), Boots: []BootScore{}, Episodes: []Episode{}, Shield: shield}
	p, picks, err := s.store.Prediction(ctx, userID, season.ID, viewer)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	byEpisode := map[int]string{}
	if p != nil {
		v.Entry = &Entry{UserID: p.UserID, UserName: p.DisplayName, Order: p.Order, UpdatedAt: p.UpdatedAt,
			Picks: map[string]string{}, Score: scoreOf(p.PredictionScore)}
		if v.Entry.Order == nil {
			v.Entry.Order = []string{}
		}
		for _, w := range picks {
			byEpisode[w.Episode] = w.Castaway
			v.Entry.Picks[strconv.Itoa(w.Episode)] = w.Castaway
		}
		if shield != nil {
			// The kept score counts boots the viewer has not seen: scored again as of theirs.
			v.Entry.Score = scoreOf(Score(OutcomeOf(season), model.PredictionEntry{UserID: p.UserID, Order: p.Order, Picks: byEpisode}))
		}
	}
	n := len(season.Cast)
	predicted := map[string]int{}
	if p != nil {
		for i, id := range p.Order {
			predicted[id] = i + 1
		}
	}
	for k, b := range season.Boots {
		bs := BootScore{Order: k + 1, Castaway: b.Castaway, Episode: b.Episode, Place: n - k, Predicted: predicted[b.Castaway]}
		if bs.Predicted > 0 {
			bs.Points = max(0, n-abs(bs.Predicted-bs.Place))
			bs.Hit = bs.Predicted == bs.Place
		}
		v.Boots = append(v.Boots, bs)
	}
	// Episodes: every one with a boot, then on to the first whose pick is still open (at
	// most one per castaway: a season has no more boots).
	last := 0
	for _, b := range season.Boots {
		last = max(last, b.Episode)
	}
	for ep := 1; ep <= min(99, max(last+1, n)); ep++ {
		at, ok := EpisodeLock(season, ep)
		if !ok {
			break
		}
		e := Episode{Number: ep, LocksAt: at, Locked: !now.Before(at), Pick: byEpisode[ep]}
		if ep <= last {
			right := false
			for _, b := range season.Boots {
				right = right || (b.Episode == ep && b.Castaway == e.Pick && e.Pick != "")
			}
			e.Right = &right
		}
		v.Episodes = append(v.Episodes, e)
		if ep > last && !e.Locked {
			break
		}
	}
	return v, nil
}
