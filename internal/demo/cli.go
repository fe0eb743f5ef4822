package demo

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"castaway/internal/app"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/importer"
)

// Main runs `castaway demo-data [flags]`: its own flags for the sizes, and the same
// database flags and CASTAWAY_* variables as serve.
func Main(ctx context.Context, args []string, stderr io.Writer) error {
	opt := Defaults()
	fs, quiet := newFlags(&opt, stderr)
	exportFile := fs.String("firestore-export", "", "write the earlier product's Firestore export of --users and --lists to this file\n(for castaway import-firestore) instead of filling the database")
	own, rest := app.SplitArgs(fs, args)
	if err := fs.Parse(own); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("demo-data: unexpected argument %q", fs.Arg(0))
	}
	if *exportFile != "" {
		return writeExport(*exportFile, opt, stderr)
	}
	cfg, err := config.FromEnv(rest)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()

	finish := func() {}
	if !*quiet {
		opt.Progress, finish = app.ProgressBar(stderr, "demo data")
	}
	start := time.Now()
	stats, err := Run(ctx, st, catalog.MustLoad(), opt)
	finish()
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "demo data in %s (%s): %s\n", st.Dialect(), time.Since(start).Round(100*time.Millisecond), stats)
	fmt.Fprintf(stderr, "sign in as %s (… %s) with the password %q\n", EmailOf(1), EmailOf(stats.Users), Password)
	return nil
}

// newFlags defines demo-data's own flags on opt.
func newFlags(opt *Options, stderr io.Writer) (*flag.FlagSet, *bool) {
	fs := flag.NewFlagSet("castaway demo-data", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&opt.Users, "users", opt.Users, "users to create (each signs in as demo<N>@example.com with the password "+Password+")")
	fs.IntVar(&opt.Lists, "lists", opt.Lists, "lists to create")
	fs.IntVar(&opt.Upvotes, "upvotes", opt.Upvotes, "list upvotes; -1 for 10 per list")
	fs.IntVar(&opt.Comments, "comments", opt.Comments, "comments and replies; -1 for 3 per list")
	fs.IntVar(&opt.CommentVotes, "comment-votes", opt.CommentVotes, "votes on comments; -1 for one per comment")
	fs.IntVar(&opt.Favorites, "favorites", opt.Favorites, "favorites; -1 for 3 per user")
	fs.IntVar(&opt.Ballots, "ballots", opt.Ballots, "global top-10 ballots per poll; -1 for a third of the users")
	fs.Uint64Var(&opt.Seed, "seed", opt.Seed, "random seed: the same seed makes the same community")
	fs.BoolVar(&opt.Force, "force", false, "delete every user and everything they made first, when the database is not empty")
	fs.IntVar(&opt.BatchRows, "batch", 20000, "rows per transaction")
	quiet := fs.Bool("quiet", false, "no progress bar")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: castaway demo-data [flags]\n\nFills the database with a demo community. Flags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nThe database is chosen as for serve (-data-dir, -database-url or CASTAWAY_* variables; see castaway serve -h).\n")
	}
	return fs, quiet
}

// writeExport writes a generated export in the earlier product's shape.
func writeExport(path string, opt Options, stderr io.Writer) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	start := time.Now()
	err = importer.Generate(f, catalog.MustLoad(), importer.GenerateOptions{Users: opt.Users, Lists: opt.Lists, Seed: opt.Seed})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s: a Firestore export of %d users and %d lists in %s\n", path, opt.Users, opt.Lists,
		time.Since(start).Round(100*time.Millisecond))
	return nil
}
