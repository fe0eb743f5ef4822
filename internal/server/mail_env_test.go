package server

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"castaway/internal/config"
	"castaway/internal/mail"
	"castaway/internal/mail/mailtest"
)

// sends holds, per test server's data folder, a signal that its mail worker sent a mail.
var sends sync.Map // data dir -> chan struct{}

type signallingSender struct {
	mail.Sender
	sent chan struct{}
}

func (s signallingSender) Send(ctx context.Context, m mail.Message) error {
	err := s.Sender.Send(ctx, m)
	select {
	case s.sent <- struct{}{}:
	default: // a waiter is already due to look
	}
	return err
}

// signalSends wraps sender so awaitOutbox hears of each mail cfg's server sends.
func signalSends(cfg *config.Config, sender mail.Sender) mail.Sender {
	ch := make(chan struct{}, 1)
	sends.Store(cfg.DataDir, ch)
	return signallingSender{Sender: sender, sent: ch}
}

// outbox reads every mail in e's outbox folder to to, oldest first.
func outbox(t *testing.T, e *testEnv, to string) []mailtest.Received {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(e.cfg.DataDir, "outbox", "*.eml"))
	sort.Strings(files)
	var out []mailtest.Received
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mailtest.Parse(r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// awaitOutbox waits until e's outbox holds more than seen mails to to and returns the
// next one.
func awaitOutbox(t *testing.T, e *testEnv, to string, seen int) mailtest.Received {
	t.Helper()
	v, _ := sends.Load(e.cfg.DataDir)
	sent := v.(chan struct{})
	deadline := time.After(10 * time.Second)
	for {
		if got := outbox(t, e, to); len(got) > seen {
			return got[seen]
		}
		select {
		case <-sent:
		case <-deadline:
			t.Fatalf("no mail %d to %s arrived", seen+1, to)
		}
	}
}
