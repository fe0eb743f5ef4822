// Package app wires configuration, the store, the catalog and the HTTP server
// together for the castaway subcommands.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"castaway/internal/auth"
	"castaway/internal/backup"
	"castaway/internal/checkpoint"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/game"
	"castaway/internal/listcache"
	"castaway/internal/mail"
	"castaway/internal/notify"
	"castaway/internal/searchmerge"
	"castaway/internal/server"
	"castaway/internal/services"
	"castaway/internal/shareimage"
	"castaway/internal/store"
)

// Version is set at build time with -ldflags "-X castaway/internal/app.Version=...".
var Version = "dev"

// NewLogger logs to w at the configured level: text, or one JSON object a line.
func NewLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// OpenStore connects, brings the schema up to date and puts this process's cache of list
// cards and entries in front of the store's reads of them.
func OpenStore(ctx context.Context, cfg *config.Config) (*store.Store, error) {
	return openStoreWith(ctx, cfg, store.Options{})
}

func openStoreWith(ctx context.Context, cfg *config.Config, o store.Options) (*store.Store, error) {
	st, err := store.OpenWith(ctx, cfg.DatabaseURL, o)
	if err != nil {
		return nil, err
	}
	listcache.Use(st)
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// Serve runs the server until ctx ends, then shuts down gracefully.
func Serve(ctx context.Context, cfg *config.Config, web fs.FS, log *slog.Logger) error {
	// Requests end their database work at cfg.DBTimeout, and no write waits longer for
	// SQLite's lock; PostgreSQL's own limit is a backstop for work outside requests and
	// for cancels lost on the way.
	st, err := openStoreWith(ctx, cfg, store.Options{StatementTimeout: 3 * cfg.DBTimeout, SQLiteBusyTimeout: cfg.DBTimeout})
	if err != nil {
		return err
	}
	defer st.Close()
	defer checkpoint.Start(st, log)()

	if cfg.BackupDir != "" {
		if err := os.MkdirAll(cfg.BackupDir, 0o700); err != nil {
			return fmt.Errorf("backup folder: %w", err)
		}
	}
	renderer, err := shareimage.New()
	if err != nil {
		return err
	}
	bus, err := events.Open(ctx, events.Options{URL: cfg.EventsURL, DatabaseURL: cfg.DatabaseURL, Logger: log})
	if err != nil {
		return err
	}
	defer bus.Close()
	hub, err := notify.NewHub(bus, notify.Heartbeat, log)
	if err != nil {
		return err
	}
	defer hub.Close()
	g, shipped := game.Shipped()
	cat := shipped.Clone()
	uses := services.New(services.Deps{Store: st, Catalog: cat, Game: g, Hub: hub, Log: log, BaseURL: cfg.BaseURL, AuthLimits: auth.DefaultLimits()})
	// Mail is queued with the change that sends it and delivered by this worker (one per
	// node; leases keep them apart), stopped after the last request is done.
	mailer := mail.NewWorker(st, mailSender(cfg, log), log)
	uses.Accounts.OnMailQueued(mailer.Wake)
	mailCtx, stopMail := context.WithCancel(context.WithoutCancel(ctx))
	mailer.Start(mailCtx)
	defer mailer.Wait()
	defer stopMail()
	// Published lists reach followers through this worker (one per node; leases keep them
	// apart), stopped after the last request is done, before the hub and the store close.
	fanCtx, stopFanOut := context.WithCancel(context.WithoutCancel(ctx))
	uses.FanOut.Start(fanCtx)
	defer uses.FanOut.Wait()
	defer stopFanOut()
	// So does the tally, which catches lists up with their votes (one per node too).
	tallyCtx, stopTally := context.WithCancel(context.WithoutCancel(ctx))
	uses.Tally.Start(tallyCtx)
	defer uses.Tally.Wait()
	defer stopTally()
	// So does the scorer, which scores predictions as boots are recorded (one per node too).
	scoreCtx, stopScorer := context.WithCancel(context.WithoutCancel(ctx))
	uses.Scorer.Start(scoreCtx)
	defer uses.Scorer.Wait()
	defer stopScorer()
	// The game as stored (an imported copy, seasons on air), then again each time any
	// node changes it.
	if err := uses.Game.Reload(ctx); err != nil {
		return fmt.Errorf("read the game: %w", err)
	}
	gameCtx, stopGame := context.WithCancel(context.WithoutCancel(ctx))
	uses.Game.Start(gameCtx)
	defer uses.Game.Wait()
	defer stopGame()
	srv, err := server.New(server.Deps{Config: cfg, Database: st, Catalog: cat, Logger: log, Web: web, Hub: hub, Version: Version, Mail: mailer,
		Providers:   auth.Configured(cfg, &http.Client{Timeout: 10 * time.Second}),
		ShareImages: renderer,
		Services:    uses,
	})
	if err != nil {
		return err
	}
	httpServer := &http.Server{
		Addr:              cfg.Addr,
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second, // event streams lift it for themselves
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	httpServer.RegisterOnShutdown(srv.CloseStreams)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	log.Info("castaway serving", "url", "http://"+ln.Addr().String(), "base_url", cfg.BaseURL, "database", st.Dialect(), "events", events.Kind(bus), "version", Version)

	go func() {
		if err := uses.Lists.CountHomeWeek(ctx); err != nil && ctx.Err() == nil {
			log.Warn("count the week's upvotes", "err", err)
		}
	}()
	go purgeExpired(ctx, st, log)
	go sweepSuspensions(ctx, uses.ModerationUsers, log)
	if st.Dialect() == store.SQLite {
		go searchmerge.Run(ctx, st, searchmerge.Every, log)
	}
	if cfg.BackupDir != "" {
		backupCtx, stopBackups := context.WithCancel(ctx)
		backupsDone := make(chan struct{})
		go func() {
			defer close(backupsDone)
			backup.Schedule(backupCtx, cfg, log)
		}()
		// A backup under way when serve stops is finished or abandoned before the store closes.
		defer func() { stopBackups(); <-backupsDone }()
		log.Info("scheduled backups", "dir", cfg.BackupDir, "every", cfg.BackupEvery.String(), "keep", cfg.BackupKeep)
	}

	errc := make(chan error, 2)
	go func() { errc <- httpServer.Serve(ln) }()
	var adminServer *http.Server
	if cfg.AdminAddr != "" {
		adminLn, err := net.Listen("tcp", cfg.AdminAddr)
		if err != nil {
			httpServer.Close()
			return fmt.Errorf("listen (admin): %w", err)
		}
		// Profiles take their time (profile?seconds=30), so no write timeout here.
		adminServer = &http.Server{Handler: srv.AdminHandler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second,
			ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		log.Info("castaway admin (metrics, pprof)", "url", "http://"+adminLn.Addr().String())
		go func() { errc <- adminServer.Serve(adminLn) }()
	}
	select {
	case err := <-errc:
		httpServer.Close()
		if adminServer != nil {
			adminServer.Close()
		}
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if adminServer != nil {
		adminServer.Close() // nothing there is worth waiting for
	}
	if err := httpServer.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// mailSender delivers over the configured SMTP server, or into the outbox folder
// when there is none or its settings are wrong.
func mailSender(cfg *config.Config, log *slog.Logger) mail.Sender {
	outbox := filepath.Join(cfg.DataDir, "outbox")
	sender, err := mail.New(cfg.SMTPURL, cfg.MailFrom, outbox, log)
	if err != nil {
		// Keep serving: mail still reaches the outbox, and the error says what to fix.
		log.Error("mail is misconfigured; writing mail to the outbox instead", "err", err, "outbox", outbox)
		return &mail.Outbox{Dir: outbox, From: cfg.MailFrom, Log: log}
	}
	return sender
}

// purgeExpired clears dead sessions, reset links and counters every hour until ctx ends.
func purgeExpired(ctx context.Context, st *store.Store, log *slog.Logger) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if err := st.PurgeExpired(ctx, time.Now()); err != nil && ctx.Err() == nil {
			log.Warn("purge expired rows", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
