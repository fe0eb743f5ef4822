package cli

import (
	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/game"
	"castaway/internal/store"
)

func newVerifyCmd(e *Env) *cobra.Command {
	var repair bool
	cmd := &cobra.Command{
		Use:   "verify [--repair] [flags]",
		Short: "Recount every kept-in-step aggregate; exit 1 on a difference",
		Long: `Recounts every aggregate kept in step with its rows (upvotes, comments, counts, the
search index, the community rankings, the global polls' totals, the predictions' scores)
and prints a report.
It exits 1 when one differs; --repair rebuilds what differs and checks again.`,
		Args: args(0, ""),
		RunE: onStore(e, func(cmd *cobra.Command, st *store.Store, _ []string) error {
			g, cat, err := game.Stored(cmd.Context(), st)
			if err != nil {
				return err
			}
			return app.Verify(cmd.Context(), st, append(app.Checks(cat), app.PredictionsCheck(g)), repair, cmd.OutOrStdout())
		}),
	}
	cmd.Flags().BoolVar(&repair, "repair", false, "rebuild every aggregate that differs from its rows")
	config.AddFlags(cmd.Flags(), config.DatabaseFlags...)
	return cmd
}
