package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"castaway/internal/backup"
	"castaway/internal/config"
)

func newRestoreCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "restore [flags] FILE",
		Short: "Put a backup in place of the SQLite database (the server stopped)",
		Long: `Puts the SQLite backup FILE in place of the database. It refuses while any castaway
process (serve, or a command) has the database open: stop the server first. FILE must
be a regular file; it is copied beside the database and the copy checked (PRAGMA
integrity_check, a schema this binary knows, and exactly the tables, indexes, triggers
and views its migrations make at that version: anything else is refused, named). The
database it replaces is kept beside it, with its -wal and -shm, as
<file>.replaced-<UTC time>. FILE itself is copied, not moved. Start the server again
afterwards.

PostgreSQL is restored with pg_restore into an empty database (see docs/operating.md).`,
		Example: `  systemctl stop castaway
  castaway restore --data-dir /var/lib/castaway /var/backups/castaway-20260301T120000Z.db
  systemctl start castaway`,
		Args: args(1, "one backup file to restore"),
		RunE: onConfig(e, func(cmd *cobra.Command, cfg *config.Config, args []string) error {
			replaced, err := backup.Restore(cmd.Context(), cfg.DatabaseURL, args[0], time.Now())
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "restored %s from %s\n", cfg.DatabaseURL, args[0])
			if replaced != "" {
				fmt.Fprintf(out, "the database it replaced is kept as %s\n", replaced)
			}
			return nil
		}),
	}
	config.AddFlags(cmd.Flags(), config.DatabaseFlags...)
	return cmd
}
