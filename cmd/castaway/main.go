// Command castaway is the Survivor Rankings server and its maintenance commands; the
// command line itself is internal/cli.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"castaway/internal/cli"
	"castaway/web"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run runs the command line and returns the exit status.
func run(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return cli.Main(ctx, args, cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Web: web.Dist()})
}
