package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"castaway/internal/mail"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// recorder is a Sender that records what it sent and fails while fail says so.
type recorder struct {
	mu   sync.Mutex
	sent map[string]int // subject -> times sent
	fail func(m mail.Message) error
}

func (r *recorder) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		if err := r.fail(m); err != nil {
			return err
		}
	}
	if r.sent == nil {
		r.sent = map[string]int{}
	}
	r.sent[m.Subject]++
	return nil
}

func queue(t *testing.T, s *store.Store, n int, at time.Time) {
	t.Helper()
	for i := range n {
		if err := s.QueueMail(context.Background(), store.OutMail{ID: fmt.Sprintf("m%03d", i), Kind: "test", To: "ann@example.com",
			Subject: fmt.Sprintf("mail %d", i), Text: "text", HTML: "<p>html</p>", CreatedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
}

// A mail server that is down: each failure is counted and the mail waits longer before
// the next try; after MaxAttempts it is given up, its body dropped, and reported.
func TestWorkerRetriesWithBackoffThenGivesUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		queue(t, s, 1, now)
		var logs bytes.Buffer
		down := &recorder{fail: func(mail.Message) error { return errors.New("dial tcp: connection refused") }}
		w := mail.NewWorker(s, down, slog.New(slog.NewTextHandler(&logs, nil)))
		w.MaxAttempts = 3
		w.Now = func() time.Time { return now }

		for attempt := 1; attempt <= 3; attempt++ {
			if n, err := w.RunOnce(ctx); err != nil || n != 1 {
				t.Fatalf("attempt %d claimed %d: %v", attempt, n, err)
			}
			rows, _ := s.MailQueue(ctx)
			if len(rows) != 1 || rows[0].Attempts != attempt || rows[0].LastError != "dial tcp: connection refused" {
				t.Fatalf("after attempt %d: %+v", attempt, rows)
			}
			if attempt == 3 {
				if !rows[0].GivenUp {
					t.Fatalf("not given up: %+v", rows[0])
				}
				break
			}
			if want := now.Add(mail.Backoff(attempt)); rows[0].NextAt.UnixMilli() != want.UnixMilli() {
				t.Fatalf("attempt %d: next try at %v, want %v", attempt, rows[0].NextAt, want)
			}
			// Not due yet: nothing to claim until the backoff has passed.
			if n, _ := w.RunOnce(ctx); n != 0 {
				t.Fatalf("claimed %d before the backoff passed", n)
			}
			now = now.Add(mail.Backoff(attempt))
		}
		if mail.Backoff(2) != 2*mail.Backoff(1) || mail.Backoff(20) != time.Hour {
			t.Fatalf("backoff: %v %v %v", mail.Backoff(1), mail.Backoff(2), mail.Backoff(20))
		}
		now = now.Add(24 * time.Hour)
		if n, _ := w.RunOnce(ctx); n != 0 {
			t.Fatalf("a given-up mail was tried again (%d)", n)
		}
		var body string
		if err := s.DB().QueryRowContext(ctx, `SELECT text_body || html_body FROM mail_queue`).Scan(&body); err != nil || body != "" {
			t.Fatalf("given-up body kept: %q %v", body, err)
		}
		if !strings.Contains(logs.String(), "mail given up") || !strings.Contains(logs.String(), "attempts=3") {
			t.Fatalf("not reported:\n%s", logs.String())
		}
	})
}

// Workers on several nodes share one queue: each row is sent exactly once.
func TestTwoWorkersNeverSendOneMailTwice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		const n = 60
		queue(t, s, n, time.Now())
		sender := &recorder{}
		quiet := slog.New(slog.DiscardHandler)
		var wg sync.WaitGroup
		for range 3 {
			w := mail.NewWorker(s, sender, quiet)
			w.Batch = 4
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					claimed, err := w.RunOnce(context.Background())
					if err != nil {
						t.Error(err)
						return
					}
					if claimed == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		if len(sender.sent) != n {
			t.Fatalf("%d distinct mails sent, want %d", len(sender.sent), n)
		}
		for subject, times := range sender.sent {
			if times != 1 {
				t.Fatalf("%s sent %d times", subject, times)
			}
		}
		if rows, _ := s.MailQueue(context.Background()); len(rows) != 0 {
			t.Fatalf("left in the queue: %+v", rows)
		}
	})
}

// A restart loses no mail: what was queued, and what a worker that died held leased, is
// delivered by the next worker (the lease runs out first).
func TestRestartedWorkerDeliversWhatWasLeft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		queue(t, s, 3, now)
		// A worker claimed one row and died before sending it.
		if held, err := s.ClaimMail(ctx, "dead-node", now, 2*time.Minute, 1); err != nil || len(held) != 1 {
			t.Fatalf("claim: %+v %v", held, err)
		}
		reopened, err := store.Open(ctx, s.URL())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { reopened.Close() })
		sender := &recorder{}
		w := mail.NewWorker(reopened, sender, slog.New(slog.DiscardHandler))
		w.Now = func() time.Time { return now }
		if n, err := w.RunOnce(ctx); err != nil || n != 2 {
			t.Fatalf("after restart: %d claimed, %v", n, err)
		}
		now = now.Add(2 * time.Minute) // the dead worker's lease runs out
		if n, err := w.RunOnce(ctx); err != nil || n != 1 {
			t.Fatalf("after the lease: %d claimed, %v", n, err)
		}
		if len(sender.sent) != 3 {
			t.Fatalf("sent %v", sender.sent)
		}
		// A late word from the dead worker changes nothing.
		if err := s.MailFailed(ctx, "m000", "dead-node", "late", now, false, now); err != nil {
			t.Fatal(err)
		}
		if rows, _ := s.MailQueue(ctx); len(rows) != 0 {
			t.Fatalf("left in the queue: %+v", rows)
		}
	})
}

// Start and Wait: mail queued while the worker runs is delivered when it is woken, and
// the worker stops when its context ends.
func TestWorkerRunsUntilStopped(t *testing.T) {
	s := storetest.OpenSQLite(t)
	sent := make(chan string, 1)
	w := mail.NewWorker(s, senderFunc(func(m mail.Message) error { sent <- m.Subject; return nil }), slog.New(slog.DiscardHandler))
	w.Poll = time.Hour // only Wake makes it look
	ctx, cancel := context.WithCancel(context.Background())
	w.Start(ctx)
	queue(t, s, 1, time.Now())
	w.Wake()
	select {
	case got := <-sent:
		if got != "mail 0" {
			t.Fatalf("sent %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a woken worker sent nothing")
	}
	cancel()
	w.Wait()
}

type senderFunc func(mail.Message) error

func (f senderFunc) Send(_ context.Context, m mail.Message) error { return f(m) }
