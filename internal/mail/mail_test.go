package mail_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/mail"
	"castaway/internal/mail/mailtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestSMTPDelivers(t *testing.T) {
	srv := mailtest.Start(t)
	s, err := mail.New(srv.URL, "Survivor Rankings <no-reply@castaway.local>", t.TempDir(), quiet)
	if err != nil {
		t.Fatal(err)
	}
	link := "http://127.0.0.1:8080/login?reset=" + strings.Repeat("x", 90) // long enough to be wrapped in transit
	if err := s.Send(context.Background(), mail.Message{To: "ann@example.com", Subject: "Reset your password", Text: "Open " + link}); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 0)
	if got.To != "ann@example.com" || got.From != "no-reply@castaway.local" || got.Subject != "Reset your password" || !strings.Contains(got.Body, link) {
		t.Fatalf("got %+v", got)
	}
}

func TestOutboxWritesEML(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	s, err := mail.New("", "no-reply@castaway.local", dir, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.Message{To: "ann@example.com", Subject: "Hello", Text: "the body"}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v", files)
	}
	b, _ := os.ReadFile(files[0])
	if !strings.Contains(string(b), "To: <ann@example.com>") || !strings.Contains(string(b), "the body") {
		t.Fatalf("eml:\n%s", b)
	}
}

func TestBadSMTPURLs(t *testing.T) {
	for _, u := range []string{"http://mail.example.com", "smtp://", "smtp://mail.example.com:port"} {
		if _, err := mail.New(u, "a@b.c", t.TempDir(), quiet); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
}
