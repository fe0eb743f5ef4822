package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"castaway/internal/store"
)

const usersUsage = `Usage:
  castaway users grant-admin [flags] EMAIL    the account may moderate (/moderation)
  castaway users revoke-admin [flags] EMAIL   it may no longer

Each also takes the database flags of serve (-data-dir, -database-url) or the
CASTAWAY_* variables. A signed-in user sees the change on their next page load.
`

// UsersMain runs `castaway users grant-admin|revoke-admin EMAIL`.
func UsersMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	if len(args) == 0 || (args[0] != "grant-admin" && args[0] != "revoke-admin") {
		fmt.Fprint(stderr, usersUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			return nil
		}
		return errors.New("users: name a subcommand: grant-admin or revoke-admin")
	}
	sub := args[0]
	fs := flag.NewFlagSet("castaway users "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usersUsage, "\nFlags:\n"); fs.PrintDefaults() }
	var db dbFlags
	db.define(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("users %s: name one account's email", sub)
	}
	st, err := db.open(ctx, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	email := fs.Arg(0)
	err = st.SetAdmin(ctx, email, sub == "grant-admin")
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
