package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"castaway/internal/config"
)

func newConfigCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config [flags]",
		Short: "Print the effective settings, secrets masked",
		Long: `Prints every setting serve would run with: its CASTAWAY_* variable, its value and where
the value came from (default, env, or the flag). Passwords in URLs, client secrets and
the metrics token are masked. The settings are checked as at start: a bad one is an
error, and what serve would warn about is printed after them.`,
		Args: args(0, ""),
		RunE: onConfig(e, func(cmd *cobra.Command, cfg *config.Config, _ []string) error {
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "SETTING\tVALUE\tFROM")
			for _, s := range cfg.Shown() {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Env, s.Value, s.From)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			for _, w := range cfg.Warnings() {
				fmt.Fprintln(cmd.OutOrStdout(), "warning:", w)
			}
			return nil
		}),
	}
	config.AddFlags(cmd.Flags())
	return cmd
}
