package cli

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/importer"
	"castaway/internal/store"
)

// reportLines is how many lines of each report section the terminal gets.
const reportLines = 100

func newImportFirestoreCmd(e *Env) *cobra.Command {
	var batch int
	var quiet bool
	var reportFile string
	cmd := &cobra.Command{
		Use:   "import-firestore [flags] FILE",
		Short: "Bring in the earlier product's Firestore export",
		Long: `Brings an export of the earlier product's Firestore database (users, userLists,
comments, notifications, userGlobalRankings, globalRankingsData, rankings) into
castaway, repairing what it can and reporting what it leaves out. Safe to run again:
what an earlier run brought in is left as it is. The database is chosen as for serve.
The report goes to stdout, the progress bar to stderr.`,
		Args: args(1, "one export file"),
		RunE: onConfig(e, func(cmd *cobra.Command, cfg *config.Config, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			exp, err := importer.Parse(f)
			f.Close()
			if err != nil {
				return err
			}
			return useStore(cmd, cfg, func(st *store.Store) error {
				opt := importer.Options{BatchRows: batch}
				finish := func() {}
				if !quiet {
					opt.Progress, finish = app.ProgressBar(e.Stderr, "import")
				}
				start := time.Now()
				rep, err := importer.Import(cmd.Context(), st, catalog.MustLoad(), exp, opt)
				finish()
				if rep != nil {
					stdout := cmd.OutOrStdout()
					fmt.Fprintf(stdout, "Import of %s into %s (%s)\n\n", args[0], st.Dialect(), time.Since(start).Round(100*time.Millisecond))
					rep.Write(stdout, reportLines)
					if reportFile != "" {
						if werr := os.WriteFile(reportFile, []byte(rep.String()), 0o644); werr != nil && err == nil {
							err = werr
						}
					}
				}
				return err
			})
		}),
	}
	cmd.Flags().IntVar(&batch, "batch", 5000, "rows per transaction")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress bar")
	cmd.Flags().StringVar(&reportFile, "report", "", "also write the whole report (every line) to this file")
	config.AddFlags(cmd.Flags())
	return cmd
}
