package cli

import (
	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/config"
)

func newServeCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "serve [flags]",
		Short: "Run the web app and its API (what castaway alone runs)",
		Long: `Runs the web app, its API and its live streams until SIGTERM or Ctrl-C, then finishes
the requests in flight. The database schema is brought up to date first; a database
migrated by a newer castaway is refused.

With --backup-dir, a SQLite database is backed up every --backup-every into that folder
(castaway-<UTC time>.db, mode 0600, each checked), keeping the newest --backup-keep.

Each flag has a CASTAWAY_* variable; a flag wins over its variable.`,
		Example: `  castaway serve --addr 0.0.0.0:8080 --base-url https://rankings.example.com
  CASTAWAY_DATABASE_URL=postgres://castaway@db/castaway castaway serve
  castaway serve --backup-dir /var/backups/castaway --backup-every 24h --backup-keep 7`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return &usageError{cmd: cmd, err: config.UnexpectedArgument(args[0])}
			}
			return nil
		},
		RunE: onConfig(e, func(cmd *cobra.Command, cfg *config.Config, _ []string) error {
			log := app.NewLogger(cfg, e.Stderr)
			for _, w := range cfg.Warnings() {
				log.Warn(w)
			}
			return app.Serve(cmd.Context(), cfg, e.Web, log)
		}),
	}
	config.AddFlags(cmd.Flags())
	return cmd
}
