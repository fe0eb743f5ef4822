// Package mail renders the product's few emails from templates and delivers them off the
// request path: requests queue them in the database (internal/store) and a Worker sends
// them, over SMTP when configured, else into a local outbox folder a developer can open.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"

	gomail "github.com/wneessen/go-mail"
)

// Message is an email to one recipient: a plain-text part and, when HTML is set, an
// HTML alternative (see Render).
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns an SMTP sender for smtpURL (smtp://user:pass@host:port, or
// smtps:// for implicit TLS), or an outbox sender writing to outboxDir when
// smtpURL is empty.
func New(smtpURL, from, outboxDir string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		return &Outbox{Dir: outboxDir, From: from, Log: log}, nil
	}
	return NewSMTP(smtpURL, from)
}

// compose builds the MIME message both senders deliver.
func compose(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("mail from %q: %w", from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// SMTP delivers through a mail server.
type SMTP struct {
	from string
	host string
	opts []gomail.Option
}

// NewSMTP checks rawURL and prepares a sender; it connects per message.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("smtp url: %w", err)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("smtp url %q has no host", u.Redacted())
	}
	s := &SMTP{from: from, host: u.Hostname()}
	switch u.Scheme {
	case "smtp":
		// STARTTLS when the server offers it; plain otherwise (a local relay).
		s.opts = append(s.opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic), gomail.WithPort(25))
	case "smtps":
		s.opts = append(s.opts, gomail.WithSSL(), gomail.WithPort(465))
	default:
		return nil, fmt.Errorf("smtp url %q: scheme must be smtp or smtps", u.Redacted())
	}
	if p := u.Port(); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("smtp url %q: bad port", u.Redacted())
		}
		s.opts = append(s.opts, gomail.WithPort(port))
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		s.opts = append(s.opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	if _, err := gomail.NewClient(s.host, s.opts...); err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return s, nil
}

// Send connects, delivers m and disconnects.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(s.from, m)
	if err != nil {
		return err
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send mail: %w", err)
	}
	return nil
}
