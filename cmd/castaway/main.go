// Command castaway is the Survivor Rankings server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/demo"
	"castaway/internal/importer"
	"castaway/web"
)

const usage = `castaway — Survivor Rankings

Usage:
  castaway serve [flags]     run the web app and API (default)
  castaway migrate [flags]   bring the database schema up to date and exit
  castaway demo-data [flags] fill the database with a demo community (-h for sizes)
  castaway import-firestore [flags] FILE   bring in the earlier product's Firestore export
  castaway polls list|add|open|close   manage the global top-10 polls (-h for details)
  castaway users list|grant-admin|revoke-admin|suspend|unsuspend|reset-password|sign-out   accounts and moderation (-h)
  castaway verify [--repair] recount every kept-in-step aggregate; exit 1 on a difference
  castaway backup [flags] FILE   a consistent copy of the live SQLite database
  castaway healthcheck [flags]   exit 0 when the server at CASTAWAY_ADDR is ready (for containers)
  castaway version           print the version

Run "castaway serve -h" for the flags; each has a CASTAWAY_* environment variable.
`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "castaway:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "version":
		fmt.Println(app.Version)
		return nil
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	case "demo-data":
		return demo.Main(ctx, args, os.Stderr)
	case "import-firestore":
		return importer.Main(ctx, args, os.Stdout, os.Stderr)
	case "polls":
		return app.PollsMain(ctx, args, os.Stdout, os.Stderr, os.Getenv)
	case "users":
		return app.UsersMain(ctx, args, os.Stdout, os.Stderr, os.Getenv)
	case "verify":
		return app.VerifyMain(ctx, args, os.Stdout, os.Stderr, os.Getenv)
	case "backup":
		return app.BackupMain(ctx, args, os.Stdout, os.Stderr, os.Getenv)
	case "healthcheck":
		return app.HealthcheckMain(ctx, args, os.Stdout, os.Stderr, os.Getenv)
	case "serve", "migrate":
	default:
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	cfg, err := config.FromEnv(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil // the flag package has printed the flags
	}
	if err != nil {
		return err
	}
	log := app.NewLogger(cfg)
	if cmd == "migrate" {
		st, err := app.OpenStore(ctx, cfg)
		if err != nil {
			return err
		}
		log.Info("database is up to date", "database", st.Dialect())
		return st.Close()
	}
	return app.Serve(ctx, cfg, web.Dist(), log)
}
