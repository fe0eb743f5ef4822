// Package services builds the domains' use cases, once, over one store, catalog and hub:
// internal/app for the process (and for a command that needs them), and every test that
// runs the server, in the same way.
package services

import (
	"log/slog"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/comments"
	"castaway/internal/consensus"
	"castaway/internal/follows"
	"castaway/internal/game"
	"castaway/internal/global"
	"castaway/internal/legacy"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/predictions"
	"castaway/internal/store"
	"castaway/internal/watching"
)

// Deps is what the use cases are built over.
type Deps struct {
	Store   *store.Store
	Catalog *catalog.Catalog
	// Game is the game as data the process starts with (nil: the one the binary ships,
	// game.Shipped); Catalog is then a handle of the catalog it grows, which the game's
	// changes replace (Catalog.Clone of game.Shipped's).
	Game *game.Game
	// Hub carries live events (inboxes, sessions that ended) to every node.
	Hub *notify.Hub
	Log *slog.Logger
	// BaseURL prefixes the links accounts mail; AuthLimits bound sign-ins, sign-ups and
	// resets (auth.DefaultLimits).
	BaseURL    string
	AuthLimits auth.Limits
	// Now is the clock the limits and times read (nil: time.Now; a test may hold it still).
	Now func() time.Time
}

// Set is the domains' use cases, each built once.
type Set struct {
	Accounts *auth.Accounts
	// Writes counts writes against their per-account and per-client limits.
	Writes    *limits.Writes
	Lists     *lists.Service
	Consensus *consensus.Service
	Legacy    *legacy.Service
	Inbox     *notify.Inbox
	Comments  *comments.Service
	// Moderation is community care; ModerationUsers moderates accounts.
	Moderation      *moderation.Service
	ModerationUsers *moderation.Users
	Global          *global.Service
	Follows         *follows.Service
	Game            *game.Service
	// Watching is each fan's watch progress and the spoiler shield it sets.
	Watching *watching.Service
	// FanOut spreads published lists to followers, and Tally catches lists up with their
	// votes; their owner starts and stops them.
	FanOut *follows.FanOut
	Tally  *lists.Tally
	// Predictions of a season on air; Scorer scores them as boots are recorded (its
	// owner starts and stops it).
	Predictions *predictions.Service
	Scorer      *predictions.Scorer
}

// New builds the use cases over d, each given the ones it composes (a poll's discussion
// is made of comments; comments and a castaway's page ask lists what a reader may see).
func New(d Deps) *Set {
	st, cat, hub, log, now := d.Store, d.Catalog, d.Hub, d.Log, d.Now
	if now == nil {
		now = time.Now
	}
	s := &Set{}
	s.Accounts = auth.NewAccounts(st, d.BaseURL, d.AuthLimits, log)
	s.Accounts.SetClock(now)
	s.Accounts.OnSessionsEnded(hub.PublishSessionsEnded)
	// On SQLite (one process) the write limits' state is this process's own, in memory;
	// on PostgreSQL every node shares the database's.
	s.Writes = limits.WritesFor(st, st.Dialect() == store.SQLite, now)
	s.Inbox = notify.NewInbox(st, hub, s.Writes)
	s.Lists = lists.NewService(st, cat, s.Writes, s.Inbox, log)
	s.Lists.SetClock(now)
	s.Consensus = consensus.NewService(st, cat, s.Lists)
	s.Legacy = legacy.NewService(st, cat, s.Writes, hub)
	s.Comments = comments.NewService(st, s.Inbox, s.Writes, s.Lists)
	s.Moderation = moderation.NewService(st, s.Inbox, s.Writes)
	s.ModerationUsers = moderation.NewUsers(st, s.Accounts, s.Writes, s.Inbox, log)
	s.Global = global.NewService(st, cat, s.Writes, s.Comments)
	s.Follows = follows.NewService(st, s.Writes, s.Inbox)
	s.Follows.SetClock(now)
	s.FanOut = follows.NewFanOut(st, hub, log)
	s.Lists.OnPublished(s.FanOut.Wake)
	s.Follows.OnFollowed(s.FanOut.Wake)
	if d.Game == nil {
		d.Game, _ = game.Shipped()
	}
	s.Game = game.NewService(st, cat, d.Game, s.Writes, hub.PublishGame, log)
	s.Game.SetClock(now)
	hub.OnGame(s.Game.Changed)
	s.Predictions = predictions.NewService(st, s.Game, s.Writes, s.Lists, log)
	s.Predictions.SetClock(now)
	s.Scorer = predictions.NewScorer(st, hub, log)
	s.Predictions.OnQueued(s.Scorer.Wake)
	s.Game.OnBoots(s.Predictions.QueueScoring)
	s.Watching = watching.NewService(st, s.Game, s.Writes)
	s.Tally = lists.NewTally(st, hub, log)
	s.Lists.OnVoted(s.Tally.Wake)
	return s
}
