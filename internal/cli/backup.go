package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"castaway/internal/backup"
	"castaway/internal/config"
)

func newBackupCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "backup [flags] FILE",
		Short: "Write a checked copy of the live SQLite database to FILE",
		Long: `Writes a consistent copy of the SQLite database to FILE while the server keeps
running (VACUUM INTO: one read transaction). The database is opened read-only: it is
never created or migrated, so a missing or empty database is an error. The copy is
written with mode 0600 beside FILE, opened and checked (PRAGMA integrity_check and the
schema version) and only then named FILE; FILE must not exist.

Put a copy back with "castaway restore FILE". PostgreSQL is backed up with pg_dump -Fc
(see docs/operating.md).`,
		Example: `  castaway backup --data-dir /var/lib/castaway /var/backups/castaway-$(date -u +%Y%m%dT%H%M%SZ).db`,
		Args:    args(1, "one file to write"),
		RunE: onConfig(e, func(cmd *cobra.Command, cfg *config.Config, args []string) error {
			version, err := backup.File(cmd.Context(), cfg.DatabaseURL, args[0])
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s (schema %d, integrity ok)\n", cfg.DatabaseURL, args[0], version)
			return err
		}),
	}
	config.AddFlags(cmd.Flags(), config.DatabaseFlags...)
	return cmd
}
