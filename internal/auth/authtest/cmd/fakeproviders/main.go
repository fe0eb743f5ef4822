// Command fakeproviders runs the fake Google and Twitter/X of package authtest
// for browser tests. It prints one JSON line, {"url": ..., "env": {...}}, where
// env is the CASTAWAY_* configuration that points castaway at it, then serves
// until interrupted.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"castaway/internal/auth/authtest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	flag.Parse()
	if err := run(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "fakeproviders:", err)
		os.Exit(1)
	}
}

func run(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	fake := authtest.New(base)
	if err := json.NewEncoder(os.Stdout).Encode(map[string]any{"url": base, "env": fake.Env()}); err != nil {
		return err
	}
	srv := &http.Server{Handler: fake.Handler()}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
