package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"castaway/internal/app"
)

func newVersionCmd(e *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version (as --version does)",
		Args:  args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), app.Version)
			return err
		},
	}
}
