package game

import (
	"context"
	"io/fs"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/game/survivor"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

var (
	ErrNoSuchSeason   = problem.New(problem.NotFound, "season_not_found", problem.MsgSeasonNotFound)
	ErrNoSuchCastaway = problem.New(problem.NotFound, "castaway_not_found", problem.MsgCastawayNotFound)
)

// Service is the game: read by everyone, the same for every reader; changed by an
// operator's import and by moderators recording a season on air. Every change is stored
// first, then every node (this one too) builds the game again from the store and swaps it
// in with the catalog, so a new season appears everywhere without a restart.
type Service struct {
	store   *store.Store
	catalog *catalog.Catalog // the handle every domain reads; Reload sets it
	writes  *limits.Writes
	publish func(context.Context)
	log     *slog.Logger
	now     func() time.Time

	game       atomic.Pointer[Game]
	generation atomic.Uint64

	reload  sync.Mutex // one reload at a time
	mu      sync.Mutex // guards the watchers and the loop's end; never held while building
	nextID  int
	watches map[int]func()
	wake    chan struct{}
	stopped chan struct{}
	onBoots []func(ctx context.Context, season *Season, by string)
}

// OnBoots calls fn after each boot recorded or undone is in place here, with the season
// as it now is and who changed it (predictions queue their scoring). Set before serving.
func (s *Service) OnBoots(fn func(ctx context.Context, season *Season, by string)) {
	s.onBoots = append(s.onBoots, fn)
}

// bootsChanged tells OnBoots' callers that season's boots changed.
func (s *Service) bootsChanged(ctx context.Context, seasonID, by string) {
	season, err := s.Season(seasonID)
	if err != nil {
		return
	}
	for _, fn := range s.onBoots {
		fn(ctx, season, by)
	}
}

// NewService serves g over cat (the catalog handle the other domains read), counts
// moderators' records in writes; publish tells every node the game changed (each then
// calls Reload).
func NewService(st *store.Store, cat *catalog.Catalog, g *Game, writes *limits.Writes, publish func(context.Context), log *slog.Logger) *Service {
	s := &Service{store: st, catalog: cat, writes: writes, publish: publish, log: log, now: time.Now, watches: map[int]func(){},
		wake: make(chan struct{}, 1)}
	s.game.Store(g)
	return s
}

// SetClock makes the service read the time from now (tests hold it still).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Generation counts the game's changes in this process: an answer built from it is good
// while it has not moved.
func (s *Service) Generation() uint64 { return s.generation.Load() }

// Season is the season with castaway's id, or ErrNoSuchSeason.
func (s *Service) Season(id string) (*Season, error) {
	if season, ok := s.game.Load().Season(id); ok {
		return season, nil
	}
	return nil, ErrNoSuchSeason
}

// Seasons is every season, the US first.
func (s *Service) Seasons() []*Season { return s.game.Load().Seasons() }

// Person is the castaway's game across every season they played, or ErrNoSuchCastaway.
func (s *Service) Person(id string) (*Person, error) {
	if p, ok := s.game.Load().Person(id); ok {
		return p, nil
	}
	return nil, ErrNoSuchCastaway
}

// Watch calls fn after each change of the game is in place here; the returned function
// stops it. fn must not block.
func (s *Service) Watch(fn func()) (stop func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextID
	s.nextID++
	s.watches[id] = fn
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.watches, id)
	}
}

// Changed is the live event that another node (or this one) changed the game: the
// reload runs in Start's loop, never in the caller's.
func (s *Service) Changed() {
	select {
	case s.wake <- struct{}{}:
	default: // a reload is already due; it will read this change too
	}
}

// Start reloads the game each time Changed is called, until ctx ends; Wait waits for it.
func (s *Service) Start(ctx context.Context) {
	done := make(chan struct{})
	s.mu.Lock()
	s.stopped = done
	s.mu.Unlock()
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case <-s.wake:
				if err := s.Reload(ctx); err != nil && ctx.Err() == nil {
					s.log.ErrorContext(ctx, "reload the game", "err", err)
				}
			}
		}
	}()
}

// Wait waits for Start's loop to end.
func (s *Service) Wait() {
	s.mu.Lock()
	done := s.stopped
	s.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Reload builds the game again from the store (an imported copy in place of the binary's,
// the records of seasons on air over it) and puts it and its catalog in place.
func (s *Service) Reload(ctx context.Context) error {
	s.reload.Lock()
	defer s.reload.Unlock()
	g, cat, err := Stored(ctx, s.store)
	if err != nil {
		return err
	}
	s.game.Store(g)
	s.catalog.Set(cat)
	s.generation.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, fn := range s.watches {
		fn()
	}
	return nil
}

// Stored is the game as the store holds it (an imported copy in place of the binary's, the
// records of seasons on air over it) and the catalog it grows: what a command that reads
// the catalog (verify, polls) works with.
func Stored(ctx context.Context, st *store.Store) (*Game, *catalog.Catalog, error) {
	files, err := st.GameFiles(ctx)
	if err != nil {
		return nil, nil, err
	}
	records, err := st.GameRecords(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 && len(records) == 0 {
		g, cat := Shipped() // built once a process
		return g, cat.Clone(), nil
	}
	return Build(filesOrShipped(files), records)
}

// Build is the game from the data set in fsys with records over it, and the catalog it
// grows: the binary's US casts, then every season they lack.
func Build(fsys fs.FS, records []model.GameRecord) (*Game, *catalog.Catalog, error) {
	us := catalog.MustLoad()
	g, err := Load(fsys, records, us)
	if err != nil {
		return nil, nil, err
	}
	return g, us.With(g.CatalogSeasons(us)...), nil
}

// survivorFiles is the binary's copy of the data set.
var survivorFiles = survivor.Files

// filesOrShipped is the imported copy when there is one, else the binary's.
func filesOrShipped(files map[string][]byte) fs.FS {
	if len(files) == 0 {
		return survivorFiles()
	}
	return mapFS(files)
}

// changed puts the stored game in place here, for the caller to see its change at once,
// and tells every other node to.
func (s *Service) changed(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	err := s.Reload(ctx)
	s.publish(ctx)
	return err
}
