package app

import (
	"context"
	"io"
	"log/slog"

	"castaway/internal/auth"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// ModerationUsers builds the account moderation use cases for one command. Sessions it
// ends are announced on the configured event bus, so a server sharing it (PostgreSQL or
// NATS) ends their live streams too; done closes the bus.
func ModerationUsers(ctx context.Context, cfg *config.Config, st *store.Store) (users *moderation.Users, done func(), err error) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	bus, err := events.Open(ctx, events.Options{URL: cfg.EventsURL, DatabaseURL: cfg.DatabaseURL, Logger: log})
	if err != nil {
		return nil, nil, err
	}
	hub, err := notify.NewHub(bus, notify.Heartbeat, log)
	if err != nil {
		bus.Close()
		return nil, nil, err
	}
	accounts := auth.NewAccounts(st, cfg.BaseURL, auth.DefaultLimits(), log) // mail it queues is sent by the server's worker
	accounts.OnSessionsEnded(hub.PublishSessionsEnded)
	return moderation.NewUsers(st, accounts, log), func() { hub.Close(); bus.Close() }, nil
}
