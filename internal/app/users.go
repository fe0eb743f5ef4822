package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"castaway/internal/auth"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const usersUsage = `Usage:
  castaway users list [--query Q]             accounts whose name starts with Q, or with address Q
  castaway users grant-admin EMAIL            the account may moderate (/moderation)
  castaway users revoke-admin EMAIL           it may no longer
  castaway users suspend EMAIL --reason R [--until 2026-12-31]
                                              end its sessions, refuse its sign-ins and take its
                                              lists and comments out of every page until the
                                              date (UTC), or until unsuspend
  castaway users unsuspend EMAIL              restore it, with its lists and comments
  castaway users reset-password EMAIL         mail it a password reset link
  castaway users sign-out EMAIL               end every session of it, and its live streams

Each also takes the database flags of serve (-data-dir, -database-url) or the
CASTAWAY_* variables; suspend, unsuspend, reset-password and sign-out are recorded in
the moderation log as done by "command line". A moderator cannot be suspended: revoke
their role first. A signed-in user sees a role change on their next page load.
`

var usersCommands = []string{"list", "grant-admin", "revoke-admin", "suspend", "unsuspend", "reset-password", "sign-out"}

// UsersMain runs `castaway users SUBCOMMAND ...`.
func UsersMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	if len(args) == 0 || !slices.Contains(usersCommands, args[0]) {
		fmt.Fprint(stderr, usersUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			return nil
		}
		return errors.New("users: name a subcommand: " + strings.Join(usersCommands, ", "))
	}
	sub := args[0]
	fs := flag.NewFlagSet("castaway users "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usersUsage, "\nFlags:\n"); fs.PrintDefaults() }
	var db dbFlags
	db.define(fs)
	var query, reason, until string
	switch sub {
	case "list":
		fs.StringVar(&query, "query", "", "the start of a display name, or an exact address")
	case "suspend":
		fs.StringVar(&reason, "reason", "", "why (required; at most 500 characters)")
		fs.StringVar(&until, "until", "", "the day it ends, YYYY-MM-DD (UTC); none: until unsuspend")
	}
	rest, err := parseInterspersed(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	want := 1
	if sub == "list" {
		want = 0
	}
	if len(rest) != want {
		fs.Usage()
		if want == 0 {
			return fmt.Errorf("users list: unexpected %q (use --query)", rest[0])
		}
		return fmt.Errorf("users %s: name one account's email", sub)
	}
	var end time.Time
	if until != "" {
		if end, err = time.Parse(time.DateOnly, until); err != nil {
			return fmt.Errorf("users suspend: --until %q: want a day as YYYY-MM-DD", until)
		}
	}
	cfg, err := db.config(getenv)
	if err != nil {
		return err
	}
	st, err := OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	switch sub {
	case "list":
		return listUsers(ctx, st, query, stdout)
	case "grant-admin", "revoke-admin":
		return setAdmin(ctx, st, sub, rest[0], stdout)
	}
	users, done, err := moderationUsers(ctx, cfg, st)
	if err != nil {
		return err
	}
	defer done()
	email := rest[0]
	u, err := users.ByEmail(ctx, email)
	if err == nil {
		switch sub {
		case "suspend":
			err = users.Suspend(ctx, moderation.CommandLine, u.ID, reason, end)
		case "unsuspend":
			err = users.Unsuspend(ctx, moderation.CommandLine, u.ID)
		case "reset-password":
			err = users.SendPasswordReset(ctx, moderation.CommandLine, u)
		case "sign-out":
			err = users.SignOut(ctx, moderation.CommandLine, u.ID)
		}
	}
	if p, ok := problem.As(err); ok {
		return fmt.Errorf("users %s %s: %s", sub, email, p.Message)
	}
	if err != nil {
		return err
	}
	switch sub {
	case "suspend":
		msg := "suspended"
		if !end.IsZero() {
			msg += " until " + end.Format(auth.SuspendedDate)
		}
		fmt.Fprintf(stdout, "%s is %s: signed out, and their lists and comments are hidden\n", email, msg)
	case "unsuspend":
		fmt.Fprintf(stdout, "%s is restored, with their lists and comments\n", email)
	case "reset-password":
		fmt.Fprintf(stdout, "a password reset link is on its way to %s\n", email)
	case "sign-out":
		fmt.Fprintf(stdout, "%s is signed out everywhere\n", email)
	}
	return nil
}

// parseInterspersed parses fs's flags wherever they stand among args and returns the
// other arguments, so that `suspend EMAIL --reason R` reads as it is written.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) == 0 {
			return rest, nil
		}
		rest, args = append(rest, args[0]), args[1:]
	}
}

// config is the configuration the flags and environment give.
func (d *dbFlags) config(getenv func(string) string) (*config.Config, error) {
	var args []string
	if d.dataDir != "" {
		args = append(args, "-data-dir", d.dataDir)
	}
	if d.databaseURL != "" {
		args = append(args, "-database-url", d.databaseURL)
	}
	return config.Load(args, getenv)
}

// moderationUsers builds the account moderation use cases for one command. Sessions it
// ends are announced on the configured event bus, so a server sharing it (PostgreSQL or
// NATS) ends their live streams too.
func moderationUsers(ctx context.Context, cfg *config.Config, st *store.Store) (*moderation.Users, func(), error) {
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

// listUsers prints the accounts query finds, page after page, at most maxListed.
func listUsers(ctx context.Context, st *store.Store, query string, stdout io.Writer) error {
	const maxListed = 1000
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EMAIL\tNAME\tJOINED\tSTATUS")
	cursor, n := "", 0
	for {
		page, next, err := st.SearchUsers(ctx, query, cursor, moderation.UsersPage)
		if err != nil {
			return err
		}
		for _, u := range page {
			email := u.Email
			if email == "" {
				email = "(none: " + u.ID + ")"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", email, u.DisplayName, u.CreatedAt.Format(time.DateOnly), userStatus(&u))
			n++
		}
		if cursor = next; cursor == "" || n >= maxListed {
			break
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if cursor != "" {
		fmt.Fprintf(stdout, "(the first %d; narrow with --query)\n", n)
	}
	return nil
}

func userStatus(u *store.UserSummary) string {
	var parts []string
	if u.IsAdmin {
		parts = append(parts, "moderator")
	}
	if s := u.Suspension; s != nil {
		if s.Until.IsZero() {
			parts = append(parts, "suspended: "+s.Reason)
		} else {
			parts = append(parts, "suspended until "+s.Until.Format(time.DateOnly)+": "+s.Reason)
		}
	}
	if len(parts) == 0 {
		return "active"
	}
	return strings.Join(parts, ", ")
}

func setAdmin(ctx context.Context, st *store.Store, sub, email string, stdout io.Writer) error {
	err := st.SetAdmin(ctx, email, sub == "grant-admin")
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("users %s: no account has the email %q", sub, email)
	}
	if err != nil {
		return err
	}
	if sub == "grant-admin" {
		fmt.Fprintf(stdout, "%s may now moderate\n", email)
	} else {
		fmt.Fprintf(stdout, "%s may no longer moderate\n", email)
	}
	return nil
}
