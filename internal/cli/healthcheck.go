package cli

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"
)

func newHealthcheckCmd(e *Env) *cobra.Command {
	var addr string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "healthcheck [flags]",
		Short: "Exit 0 when the server at CASTAWAY_ADDR is ready (for containers)",
		Long: `Asks a running server's /readyz and exits 0 when it answers 200 (the database
answers), 1 otherwise. The container image has no shell or curl, so its HEALTHCHECK
runs this.`,
		Args: args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("addr") {
				if v := e.Getenv("CASTAWAY_ADDR"); v != "" {
					addr = v
				}
			}
			url := "http://" + probeAddr(addr) + "/readyz"
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if err != nil {
				return err
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return fmt.Errorf("healthcheck: %w", err)
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("healthcheck: %s answered %s", url, res.Status)
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), "ready:", url)
			return err
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "the server's listen address; a wildcard host is asked on loopback (CASTAWAY_ADDR)")
	cmd.Flags().DurationVar(&timeout, "timeout", 5*time.Second, "give up after this long")
	return cmd
}

// probeAddr turns a listen address into one to dial: ":8080" and "0.0.0.0:8080" listen
// everywhere, loopback included.
func probeAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
