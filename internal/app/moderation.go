package app

import (
	"context"
	"io"
	"log/slog"

	"castaway/internal/auth"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/game"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/services"
	"castaway/internal/store"
)

// ModerationUsers builds the account moderation use cases for one command. Sessions it
// ends are announced on the configured event bus, so a server sharing it (PostgreSQL or
// NATS) ends their live streams too; done closes the bus.
func ModerationUsers(ctx context.Context, cfg *config.Config, st *store.Store) (users *moderation.Users, done func(), err error) {
	uses, done, err := commandServices(ctx, cfg, st)
	if err != nil {
		return nil, nil, err
	}
	return uses.ModerationUsers, done, nil
}

// Game builds the game's use cases for one command, the game read from the store. What
// it changes is announced on the configured event bus, so every server sharing it
// (PostgreSQL or NATS) shows the change without a restart; done closes the bus.
func Game(ctx context.Context, cfg *config.Config, st *store.Store) (g *game.Service, done func(), err error) {
	uses, done, err := commandServices(ctx, cfg, st)
	if err != nil {
		return nil, nil, err
	}
	if err := uses.Game.Reload(ctx); err != nil {
		done()
		return nil, nil, err
	}
	return uses.Game, done, nil
}

// commandServices builds the use cases as the server builds them, over the configured
// event bus; mail they queue is sent by the server's worker. done closes the bus.
func commandServices(ctx context.Context, cfg *config.Config, st *store.Store) (*services.Set, func(), error) {
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
	g, shipped := game.Shipped()
	uses := services.New(services.Deps{Store: st, Catalog: shipped.Clone(), Game: g, Hub: hub, Log: log, BaseURL: cfg.BaseURL,
		AuthLimits: auth.DefaultLimits()})
	return uses, func() { hub.Close(); bus.Close() }, nil
}
