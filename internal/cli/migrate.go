package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/store"
)

func newMigrateCmd(e *Env) *cobra.Command {
	var dryRun bool
	cmd := &cobra.Command{
		Use:   "migrate [--dry-run] [flags]",
		Short: "Bring the database schema up to date and exit",
		Long: `Applies every migration this binary holds that the database lacks, each in a
transaction, then exits (serve does the same at start). A database migrated by a newer
castaway is refused: run the newer binary, or restore a backup.

--dry-run lists the migrations that would run and changes nothing.`,
		Args: args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dryRun {
				cfg, err := loadConfig(cmd, e)
				if err != nil {
					return err
				}
				return migrateDryRun(cmd, cfg)
			}
			return withStore(cmd, e, func(cfg *config.Config, st *store.Store) error {
				version, err := st.SchemaVersion(cmd.Context())
				if err != nil {
					return err
				}
				app.NewLogger(cfg, e.Stderr).Info("database is up to date", "database", st.Dialect(), "schema", version)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "list the migrations that would run, and run none")
	config.AddFlags(cmd.Flags())
	return cmd
}

// migrateDryRun lists what migrate would apply. A SQLite file that does not exist yet is
// not created: every migration would run.
func migrateDryRun(cmd *cobra.Command, cfg *config.Config) error {
	out := cmd.OutOrStdout()
	var pending []store.Migration
	if _, err := os.Stat(store.SQLitePath(cfg.DatabaseURL)); !cfg.IsPostgres() && errors.Is(err, os.ErrNotExist) {
		if pending, err = store.Migrations(store.SQLite); err != nil {
			return err
		}
		fmt.Fprintf(out, "no database at %s yet: every migration would run\n", cfg.DatabaseURL)
	} else {
		st, err := store.Open(cmd.Context(), cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer st.Close()
		if pending, err = st.Pending(cmd.Context()); err != nil {
			return err
		}
	}
	if len(pending) == 0 {
		fmt.Fprintln(out, "the database is up to date: no migration would run")
		return nil
	}
	fmt.Fprintf(out, "%d migration(s) would run:\n", len(pending))
	for _, m := range pending {
		fmt.Fprintf(out, "  %s\n", m.Name)
	}
	return nil
}
