package predictions

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"castaway/internal/game"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Service is the predictions' use cases: a fan's prediction and weekly picks, anyone's
// prediction page once locked, the leaderboards, and queueing the scoring as boots change.
type Service struct {
	store  *store.Store
	game   *game.Service
	writes *limits.Writes
	draws  Draws
	log    *slog.Logger
	now    func() time.Time
	queued func() // wakes this node's scorer
}

// Draws counts a share image about to be drawn for a client against the limit every
// share image counts against (lists.Service.TakeShareDraw).
type Draws interface {
	TakeShareDraw(ctx context.Context, client string) error
}

// NewService builds the predictions over st and the game g; writes count fans' writes,
// draws the share cards drawn.
func NewService(st *store.Store, g *game.Service, writes *limits.Writes, draws Draws, log *slog.Logger) *Service {
	return &Service{store: st, game: g, writes: writes, draws: draws, log: log, now: time.Now, queued: func() {}}
}

// SetClock makes the service read the time (and so judge the locks) from now.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// OnQueued calls wake after a scoring job is queued on this node.
func (s *Service) OnQueued(wake func()) { s.queued = wake }

// A fan writes a prediction or a pick a few times before it locks.
var (
	WritePerUser   = limits.Limit{Name: "prediction-user", Max: 120, Window: time.Hour, Message: problem.MsgPredictionTooMany}
	WritePerClient = limits.Limit{Name: "prediction-ip", Max: 600, Window: time.Hour, Message: problem.MsgPredictionTooMany}
)

var (
	errSignedOut = problem.New(problem.Unauthorized, "signed_out", problem.MsgPredictionSignedOut)
	errNotFound  = problem.New(problem.NotFound, "prediction_not_found", problem.MsgPredictionNotFound)
	errSealed    = problem.New(problem.NotFound, "prediction_sealed", problem.MsgPredictionSealed)
)

// when is a lock's time as a fan reads it in a message.
func when(t time.Time) string { return t.UTC().Format("2 January 2006, 15:04 UTC") }

// Predict publishes (or changes) a's prediction of seasonID: the whole cast ordered from
// the winner to the first out, refused at or after the premiere.
func (s *Service) Predict(ctx context.Context, a model.Actor, seasonID string, order []string, w Watch) (*View, error) {
	if a.User == nil {
		return nil, errSignedOut
	}
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	if !wholeCast(season, order) {
		return nil, problem.InvalidField("order", problem.Format(problem.MsgPredictionWholeCast, map[string]string{"season": season.Name}))
	}
	lock, ok := PremiereLock(season)
	now := s.now()
	if !ok || !now.Before(lock) {
		return nil, lockedErr(season, lock)
	}
	if err := s.writes.Take(ctx, a.UserID(), a.Client, WritePerUser, WritePerClient); err != nil {
		return nil, err
	}
	// The statement carries the lock: a write decided at or after it keeps nothing.
	if err := s.store.SavePrediction(ctx, a.UserID(), season.ID, order, now, lock); errors.Is(err, store.ErrLocked) {
		return nil, lockedErr(season, lock)
	} else if err != nil {
		return nil, err
	}
	return s.view(ctx, season, a.UserID(), a.UserID(), w)
}

func lockedErr(season *game.Season, lock time.Time) error {
	return problem.New(problem.Conflict, "prediction_locked",
		problem.Format(problem.MsgPredictionLocked, map[string]string{"season": season.Name, "when": when(lock)}))
}

// wholeCast says order is season's cast, each castaway once.
func wholeCast(season *game.Season, order []string) bool {
	if len(order) != len(season.Cast) {
		return false
	}
	in := make(map[string]bool, len(season.Cast))
	for _, c := range season.Cast {
		in[c.ID] = true
	}
	for _, id := range order {
		if !in[id] {
			return false
		}
		delete(in, id)
	}
	return true
}

// Pick keeps a's pick of who goes home in episode of seasonID, refused as it airs.
func (s *Service) Pick(ctx context.Context, a model.Actor, seasonID string, episode int, castaway string, w Watch) (*View, error) {
	if a.User == nil {
		return nil, errSignedOut
	}
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	if episode < 1 || episode > 99 {
		return nil, problem.InvalidField("episode", problem.MsgPredictionPickEpisode)
	}
	var out *game.Castaway
	for _, c := range season.Cast {
		if c.ID == castaway {
			out = c
		}
	}
	if out == nil {
		return nil, problem.InvalidField("castaway", problem.Format(problem.MsgOnAirNotInCast, map[string]string{"name": castaway, "season": season.Name}))
	}
	for _, b := range season.Boots {
		if b.Castaway == castaway && b.Episode < episode {
			return nil, problem.InvalidField("castaway", problem.Format(problem.MsgOnAirAlreadyOut, map[string]string{"name": out.Name}))
		}
	}
	lock, ok := EpisodeLock(season, episode)
	now := s.now()
	pickLocked := problem.New(problem.Conflict, "pick_locked",
		problem.Format(problem.MsgPredictionPickLocked, map[string]string{"episode": strconv.Itoa(episode), "when": when(lock)}))
	if !ok || !now.Before(lock) {
		return nil, pickLocked
	}
	if err := s.writes.Take(ctx, a.UserID(), a.Client, WritePerUser, WritePerClient); err != nil {
		return nil, err
	}
	if err := s.store.SavePick(ctx, a.UserID(), season.ID, episode, castaway, now, lock); errors.Is(err, store.ErrLocked) {
		return nil, pickLocked
	} else if err != nil {
		return nil, err
	}
	return s.view(ctx, season, a.UserID(), a.UserID(), w)
}

// Mine is a's own prediction page of seasonID: what they predicted and picked (an empty
// entry when nothing yet), the locks, and how it scores boot by boot, as of the episode
// they watched up to (w).
func (s *Service) Mine(ctx context.Context, a model.Actor, seasonID string, w Watch) (*View, error) {
	if a.User == nil {
		return nil, errSignedOut
	}
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, season, a.UserID(), a.UserID(), w)
}

// Of is userID's prediction page of seasonID as viewer, who watched w, sees it: anyone's
// once locked at the premiere (before, only its fan's, so nobody copies one).
func (s *Service) Of(ctx context.Context, viewer model.Actor, seasonID, userID string, w Watch) (*View, error) {
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	if lock, ok := PremiereLock(season); userID != viewer.UserID() && (!ok || s.now().Before(lock)) {
		return nil, errSealed
	}
	v, err := s.view(ctx, season, userID, viewer.UserID(), w)
	if err != nil {
		return nil, err
	}
	if v.Entry == nil {
		return nil, errNotFound
	}
	return v, nil
}

// Card is userID's prediction of seasonID for its share card, as Of shows it to viewer.
// Unless held says viewer holds its drawing already (a revalidation, which costs
// nothing), the drawing viewer is about to get counts against the share images' limit
// per client, as a list's and a castaway's do; draw tells which.
func (s *Service) Card(ctx context.Context, viewer model.Actor, seasonID, userID string, w Watch, held func(*View) bool) (v *View, draw bool, err error) {
	if v, err = s.Of(ctx, viewer, seasonID, userID, w); err != nil {
		return nil, false, err
	}
	if held(v) {
		return v, false, nil
	}
	if err := s.draws.TakeShareDraw(ctx, viewer.Client); err != nil {
		return nil, false, err
	}
	return v, true, nil
}

// QueueScoring queues the rescoring of season's predictions against its boots as they now
// are, for a change by by: the moderator's request only writes this one row.
func (s *Service) QueueScoring(ctx context.Context, season *game.Season, by string) {
	o := OutcomeOf(season)
	note := ""
	if n := len(o.Boots); n > 0 {
		note = problem.Format(problem.MsgPredictionScoredNote, map[string]string{"episode": strconv.Itoa(o.Boots[n-1].Episode), "season": season.Name})
	}
	if err := s.store.QueueScoring(context.WithoutCancel(ctx), season.ID, o, by, note, s.now()); err != nil {
		// The boot stands; castaway verify --repair rescores what a lost job left behind.
		s.log.ErrorContext(ctx, "queue scoring", "season", season.ID, "err", err)
		return
	}
	s.queued()
}
