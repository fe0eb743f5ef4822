// Package services builds the domains' use cases over one store, catalog, hub and set of
// accounts: internal/app once for the process, internal/server for a test that leaves
// them out.
package services

import (
	"log/slog"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/comments"
	"castaway/internal/consensus"
	"castaway/internal/follows"
	"castaway/internal/global"
	"castaway/internal/legacy"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Set is the domains' use cases, each built once.
type Set struct {
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
	// FanOut spreads published lists to followers, and Tally catches lists up with their
	// votes; their owner starts and stops them.
	FanOut *follows.FanOut
	Tally  *lists.Tally
}

// New builds the use cases over st, reading the time from now (time.Now; a test may
// hold it still).
func New(st *store.Store, cat *catalog.Catalog, hub *notify.Hub, accounts *auth.Accounts, log *slog.Logger, now func() time.Time) *Set {
	s := &Set{}
	// On SQLite (one process) the write limits' state is this process's own, in memory;
	// on PostgreSQL every node shares the database's.
	s.Writes = limits.WritesFor(st, st.Dialect() == store.SQLite, now)
	s.Lists = lists.NewService(st, cat, s.Writes, hub, log)
	s.Lists.SetClock(now)
	s.Consensus = consensus.NewService(st, cat)
	s.Legacy = legacy.NewService(st, cat, s.Writes, hub)
	s.Inbox = notify.NewInbox(st, hub)
	s.Comments = comments.NewService(st, s.Inbox)
	s.Moderation = moderation.NewService(st, s.Inbox)
	s.Global = global.NewService(st, cat, s.Writes, s.Comments)
	s.ModerationUsers = moderation.NewUsers(st, accounts, log)
	s.Follows = follows.NewService(st, s.Writes, hub)
	s.Follows.SetClock(now)
	s.FanOut = follows.NewFanOut(st, hub, log)
	s.Lists.OnPublished(s.FanOut.Wake)
	s.Tally = lists.NewTally(st, hub, log)
	s.Lists.OnVoted(s.Tally.Wake)
	return s
}
