package app

import (
	"time"

	"castaway/internal/comments"
	"castaway/internal/consensus"
	"castaway/internal/follows"
	"castaway/internal/global"
	"castaway/internal/legacy"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/server"
	"castaway/internal/store"
)

// withServices is d with the domains' use cases built once over its store, catalog, hub
// and accounts, each handed to the server through Deps.
func withServices(d server.Deps) server.Deps {
	// On SQLite (one process) the write limits' state is this process's own, in memory;
	// on PostgreSQL every node shares the database's.
	d.Writes = limits.WritesFor(d.Store, d.Store.Dialect() == store.SQLite, time.Now)
	d.Lists = lists.NewService(d.Store, d.Catalog, d.Writes, d.Hub, d.Logger)
	d.Consensus = consensus.NewService(d.Store, d.Catalog)
	d.Legacy = legacy.NewService(d.Store, d.Catalog, d.Writes, d.Hub)
	d.Inbox = notify.NewInbox(d.Store, d.Hub)
	d.Comments = comments.NewService(d.Store, d.Inbox)
	d.Moderation = moderation.NewService(d.Store, d.Inbox)
	d.Global = global.NewService(d.Store, d.Catalog, d.Writes, d.Comments)
	d.ModerationUsers = moderation.NewUsers(d.Store, d.Accounts, d.Logger)
	d.Follows = follows.NewService(d.Store, d.Writes, d.Hub)
	return d
}
