package app

import (
	"time"

	"castaway/internal/comments"
	"castaway/internal/global"
	"castaway/internal/limits"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/server"
	"castaway/internal/store"
)

// maxLocalLimitKeys bounds the write-limit keys held in memory on SQLite (about 100
// bytes each); past it, writes are counted in the database.
const maxLocalLimitKeys = 200_000

// withServices is d with the domains' use cases built once over its store, hub and
// accounts, each handed to the server through Deps.
func withServices(d server.Deps) server.Deps {
	if d.Writes == nil {
		d.Writes = writeLimits(d.Store)
	}
	d.Inbox = notify.NewInbox(d.Store, d.Hub)
	d.Comments = comments.NewService(d.Store, d.Inbox)
	d.Moderation = moderation.NewService(d.Store)
	d.Global = global.NewService(d.Store, d.Catalog, d.Writes, d.Comments)
	d.ModerationUsers = moderation.NewUsers(d.Store, d.Accounts, d.Logger)
	return d
}

// writeLimits counts writes in this process's memory on SQLite (one process owns the
// database) and in the database, shared by every node, on PostgreSQL.
func writeLimits(st *store.Store) *limits.Writes {
	var local *limits.Local
	if st.Dialect() == store.SQLite {
		local = limits.NewLocal(maxLocalLimitKeys)
	}
	return limits.NewWrites(local, st, time.Now)
}
