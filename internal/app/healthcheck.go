package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// HealthcheckMain is `castaway healthcheck`: it asks a running server's /readyz and fails
// unless the answer is 200. The container image has no shell or curl, so its HEALTHCHECK
// runs this.
func HealthcheckMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("castaway healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := getenv("CASTAWAY_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	fs.StringVar(&addr, "addr", addr, "the server's listen address; a wildcard host is asked on loopback (CASTAWAY_ADDR)")
	timeout := fs.Duration("timeout", 5*time.Second, "give up after this long")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: castaway healthcheck [flags]\n\nExits 0 when the server's /readyz answers 200 (the database answers), 1 otherwise.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return errors.New("healthcheck: takes no arguments")
	}
	url := "http://" + probeAddr(addr) + "/readyz"

	ctx, cancel := context.WithTimeout(ctx, *timeout)
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
	fmt.Fprintln(stdout, "ready:", url)
	return nil
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
