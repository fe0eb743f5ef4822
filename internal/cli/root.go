// Package cli is castaway's command line: one command tree (cobra), one file per command
// with its help. Commands parse and print; internal/app wires what they run.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"castaway/internal/app"
	"castaway/internal/checkpoint"
	"castaway/internal/config"
	"castaway/internal/store"
)

// Env is what a run of the command line works with: the process's streams, its
// environment and the built front end that serve embeds.
type Env struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Web            fs.FS
}

// Exit statuses: a command that failed, and one called wrongly.
const (
	ExitFailure = 1
	ExitUsage   = 2
)

// Main runs the command line args (without the program name) and returns the exit status.
// An error is one line on stderr ("castaway: ..."); a usage error adds a hint to the help.
func Main(ctx context.Context, args []string, e Env) int {
	root, helpErr := newRoot(ctx, &e)
	root.SetArgs(normalize(root, args))
	cmd, err := root.ExecuteC()
	if err == nil {
		err = *helpErr
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(e.Stderr, "castaway:", err)
	var usage *usageError
	if errors.As(err, &usage) {
		if usage.cmd != nil {
			cmd = usage.cmd
		}
		fmt.Fprintf(e.Stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return ExitUsage
	}
	return ExitFailure
}

// newRoot builds the command tree; the error it points to is set when --help was asked of
// a command that does not exist.
func newRoot(ctx context.Context, e *Env) (*cobra.Command, *error) {
	root := &cobra.Command{
		Use:   "castaway",
		Short: "Survivor Rankings: the web app, its API and its maintenance commands",
		Long: `castaway — Survivor Rankings

One binary: "castaway serve" runs the web app and its API (it is what "castaway" alone
runs); the other commands look after its database. Every setting is a flag and a
CASTAWAY_* environment variable ("castaway config" shows them all, and where each
value came from).`,
		Version:       app.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return unknownCommand(cmd, args[0])
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.SetContext(ctx)
	root.SetOut(e.Stdout)
	root.SetErr(e.Stderr)
	root.SetVersionTemplate("{{.Version}}\n")
	root.CompletionOptions.DisableDefaultCmd = true
	// cobra sets this only on its own path to suggestions; unknownCommand asks directly.
	root.SuggestionsMinimumDistance = 2
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return &usageError{cmd: cmd, err: err} })
	helpErr := setHelp(root)
	root.AddCommand(
		newServeCmd(e), newMigrateCmd(e), newConfigCmd(e),
		newBackupCmd(e), newRestoreCmd(e), newVerifyCmd(e),
		newUsersCmd(e), newPollsCmd(e), newCatalogCmd(e),
		newDemoDataCmd(e), newImportFirestoreCmd(e),
		newHealthcheckCmd(e), newVersionCmd(e),
	)
	return root, helpErr
}

// normalize keeps the command lines of the standard flag package working: "castaway"
// alone and "castaway --addr :8080" run serve, and -data-dir reads as --data-dir.
func normalize(root *cobra.Command, args []string) []string {
	if len(args) == 0 {
		return []string{"serve"}
	}
	switch a := args[0]; {
	case a == "-h" || a == "--help" || a == "-help" || a == "-v" || a == "--version" || a == "-version":
	case strings.HasPrefix(a, "-"):
		args = append([]string{"serve"}, args...)
	}
	known := map[string]bool{"help": true, "version": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		mark := func(f *pflag.Flag) { known[f.Name] = true }
		c.Flags().VisitAll(mark)
		c.PersistentFlags().VisitAll(mark)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return config.DoubleDash(args, func(name string) bool { return known[name] })
}

// setHelp makes help about a command that does not exist a usage error, as a typo in a
// flag is, where cobra would print the general help and succeed: "castaway help nosuch"
// and "castaway nosuch sub --help" exit 2 so that a script can tell. The help flag cannot
// fail in cobra, so such a help prints nothing and leaves its error where it points.
func setHelp(root *cobra.Command) *error {
	var helpErr error
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil {
				return usageErrorf(root, "%v", err)
			}
			if len(rest) > 0 {
				return unknownCommand(target, rest[0])
			}
			return target.Help()
		},
	})
	help := root.HelpFunc()
	root.SetHelpFunc(func(cmd *cobra.Command, args []string) {
		// A command that groups others takes no arguments of its own: a word left over
		// after --help is a command that does not exist.
		if rest := cmd.Flags().Args(); cmd.HasAvailableSubCommands() && len(rest) > 0 {
			helpErr = unknownCommand(cmd, rest[0])
			return
		}
		help(cmd, args)
	})
	return &helpErr
}

// unknownCommand is the usage error for a word that names no command under cmd.
func unknownCommand(cmd *cobra.Command, name string) error {
	if cmd.HasParent() {
		var names []string
		for _, c := range cmd.Commands() {
			names = append(names, c.Name())
		}
		return usageErrorf(cmd, "%s: unknown subcommand %q: want %s", cmd.Name(), name, strings.Join(names, ", "))
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if s := cmd.SuggestionsFor(name); len(s) > 0 {
		msg += fmt.Sprintf(" (did you mean %q?)", s[0])
	}
	return usageErrorf(cmd, "%s", msg)
}

// usageError is a command called wrongly: exit status 2 and a hint to its help.
type usageError struct {
	cmd *cobra.Command
	err error
}

func (u *usageError) Error() string { return u.err.Error() }
func (u *usageError) Unwrap() error { return u.err }

func usageErrorf(cmd *cobra.Command, format string, args ...any) error {
	return &usageError{cmd: cmd, err: fmt.Errorf(format, args...)}
}

// args checks a command's positional arguments: exactly n, each described by what.
func args(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == n:
			return nil
		case n == 0:
			return usageErrorf(cmd, "unexpected argument %q", args[0])
		case len(args) < n:
			return usageErrorf(cmd, "name %s", what)
		}
		return usageErrorf(cmd, "unexpected argument %q: name only %s", args[n], what)
	}
}

// loadConfig resolves the command's settings; a bad one is a usage error.
func loadConfig(cmd *cobra.Command, e *Env) (*config.Config, error) {
	cfg, err := config.FromFlags(cmd.Flags(), e.Getenv)
	if err != nil {
		return nil, &usageError{cmd: cmd, err: err}
	}
	return cfg, nil
}

// onConfig is the run of a command that needs its settings: loadConfig before run.
func onConfig(e *Env, run func(cmd *cobra.Command, cfg *config.Config, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		cfg, err := loadConfig(cmd, e)
		if err != nil {
			return err
		}
		return run(cmd, cfg, args)
	}
}

// withStore runs use with the command's configuration and its database, opened (and
// migrated) for it and closed after.
func withStore(cmd *cobra.Command, e *Env, use func(*config.Config, *store.Store) error) error {
	cfg, err := loadConfig(cmd, e)
	if err != nil {
		return err
	}
	// What the store and the loaders log (at debug: each aggregate's rebuild, each bulk
	// load's phases) goes out at the configured level and format.
	slog.SetDefault(app.NewLogger(cfg, e.Stderr))
	return useStore(cmd, cfg, func(st *store.Store) error { return use(cfg, st) })
}

// useStore runs use with the database of cfg, opened (and migrated) for it and closed after.
func useStore(cmd *cobra.Command, cfg *config.Config, use func(*store.Store) error) error {
	st, err := app.OpenStore(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	defer checkpoint.Start(st, slog.Default())()
	return use(st)
}

// onStore is the run of a command that needs only its database: withStore around run.
func onStore(e *Env, run func(cmd *cobra.Command, st *store.Store, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		return withStore(cmd, e, func(_ *config.Config, st *store.Store) error { return run(cmd, st, args) })
	}
}
