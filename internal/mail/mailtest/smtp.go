// Package mailtest runs a real SMTP server inside a test process and keeps what it receives.
package mailtest

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one delivered message.
type Received struct {
	From, To string
	Subject  string
	Body     string // the decoded plain text
	HTML     string // the decoded HTML alternative, if any
}

// Server is an SMTP server listening on 127.0.0.1.
type Server struct {
	URL  string // smtp://127.0.0.1:port
	mu   sync.Mutex
	got  []Received
	wake chan struct{}
}

// Start runs a server for one test.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{wake: make(chan struct{}, 1)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{srv: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.URL = "smtp://" + ln.Addr().String()
	return s
}

// Wait returns the next message not yet returned, failing the test after a few seconds.
func (s *Server) Wait(t testing.TB, seen int) Received {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		s.mu.Lock()
		if len(s.got) > seen {
			m := s.got[seen]
			s.mu.Unlock()
			return m
		}
		s.mu.Unlock()
		select {
		case <-s.wake:
		case <-deadline:
			t.Fatal("no mail arrived")
		}
	}
}

// Count is how many messages arrived.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

type session struct {
	srv      *Server
	from, to string
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = to
	return nil
}

func (s *session) Data(r io.Reader) error {
	got, err := Parse(r)
	if err != nil {
		return err
	}
	got.From, got.To = s.from, s.to
	s.srv.mu.Lock()
	s.srv.got = append(s.srv.got, got)
	s.srv.mu.Unlock()
	select {
	case s.srv.wake <- struct{}{}:
	default: // a waiter is already due to look
	}
	return nil
}

// readParts decodes a body, or each part of a multipart one, into got's text and HTML.
func readParts(contentType, encoding string, body io.Reader, got *Received) error {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		media = "text/plain"
	}
	if strings.HasPrefix(media, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := readParts(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, got); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	if media == "text/html" {
		got.HTML = string(b)
	} else {
		got.Body = string(b)
	}
	return nil
}

// Parse reads one message (as SMTP carries it, or an outbox .eml file): its addresses as
// the headers give them, subject, text and HTML.
func Parse(r io.Reader) (Received, error) {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return Received{}, err
	}
	var got Received
	if err := readParts(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &got); err != nil {
		return Received{}, err
	}
	dec := new(mime.WordDecoder)
	got.Subject, _ = dec.DecodeHeader(msg.Header.Get("Subject"))
	if a, err := mail.ParseAddress(msg.Header.Get("To")); err == nil {
		got.To = a.Address
	}
	if a, err := mail.ParseAddress(msg.Header.Get("From")); err == nil {
		got.From = a.Address
	}
	return got, nil
}
