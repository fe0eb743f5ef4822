package app

import (
	"context"
	"io"
	"log/slog"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/services"
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
	// Built as the server builds them; mail they queue is sent by the server's worker.
	uses := services.New(services.Deps{Store: st, Catalog: catalog.MustLoad(), Hub: hub, Log: log, BaseURL: cfg.BaseURL,
		AuthLimits: auth.DefaultLimits()})
	return uses.ModerationUsers, func() { hub.Close(); bus.Close() }, nil
}
