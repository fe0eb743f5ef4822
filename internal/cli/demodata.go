package cli

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/demo"
	"castaway/internal/store"
)

func newDemoDataCmd(e *Env) *cobra.Command {
	opt := demo.Defaults()
	var quiet bool
	var exportFile string
	cmd := &cobra.Command{
		Use:   "demo-data [flags]",
		Short: "Fill the database with a demo community",
		Long: `Fills the database with a demo community: users (each signs in as demo<N>@example.com
with the password ` + demo.Password + `), lists, upvotes, comments, favorites and ballots. The same
--seed makes the same community. The database is chosen as for serve.

With --firestore-export FILE it writes instead an export in the earlier product's
Firestore shape, of --users users and --lists lists, for castaway import-firestore.`,
		Example: `  castaway demo-data --users 200 --lists 2000
  castaway demo-data --firestore-export export.json --users 10000 --lists 100000`,
		Args: args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if exportFile != "" {
				return writeFirestoreExport(cmd, exportFile, opt)
			}
			return withStore(cmd, e, func(cfg *config.Config, st *store.Store) error {
				finish := func() {}
				if !quiet {
					opt.Progress, finish = app.ProgressBar(e.Stderr, "demo data")
				}
				start := time.Now()
				stats, err := demo.Run(cmd.Context(), st, catalog.MustLoad(), opt)
				finish()
				if err != nil {
					return err
				}
				fmt.Fprintf(e.Stderr, "demo data in %s (%s): %s\n", st.Dialect(), time.Since(start).Round(100*time.Millisecond), stats)
				fmt.Fprintf(e.Stderr, "sign in as %s (… %s) with the password %q\n", demo.EmailOf(1), demo.EmailOf(stats.Users), demo.Password)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.IntVar(&opt.Users, "users", opt.Users, "users to create (each signs in as demo<N>@example.com with the password "+demo.Password+")")
	f.IntVar(&opt.Lists, "lists", opt.Lists, "lists to create")
	f.IntVar(&opt.Upvotes, "upvotes", opt.Upvotes, "list upvotes; -1 for 10 per list")
	f.IntVar(&opt.Comments, "comments", opt.Comments, "comments and replies; -1 for 3 per list")
	f.IntVar(&opt.CommentVotes, "comment-votes", opt.CommentVotes, "votes on comments; -1 for one per comment")
	f.IntVar(&opt.Favorites, "favorites", opt.Favorites, "favorites; -1 for 3 per user")
	f.IntVar(&opt.Ballots, "ballots", opt.Ballots, "global top-10 ballots per poll; -1 for a third of the users")
	f.Uint64Var(&opt.Seed, "seed", opt.Seed, "random seed: the same seed makes the same community")
	f.BoolVar(&opt.Force, "force", false, "delete every user and everything they made first, when the database is not empty")
	f.IntVar(&opt.BatchRows, "batch", demo.DefaultBatchRows, "rows per transaction")
	f.BoolVar(&quiet, "quiet", false, "no progress bar")
	f.StringVar(&exportFile, "firestore-export", "", "write the earlier product's Firestore export of --users and --lists to this file (for castaway import-firestore) instead of filling the database")
	config.AddFlags(f)
	return cmd
}

// writeFirestoreExport writes a generated export in the earlier product's shape.
func writeFirestoreExport(cmd *cobra.Command, path string, opt demo.Options) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	start := time.Now()
	err = demo.WriteFirestoreExport(f, catalog.MustLoad(), demo.ExportOptions{Users: opt.Users, Lists: opt.Lists, Seed: opt.Seed})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s: a Firestore export of %d users and %d lists in %s\n", path, opt.Users, opt.Lists,
		time.Since(start).Round(100*time.Millisecond))
	return nil
}
