package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// Outbox stands in for a mail server on a machine without one: each message is
// logged and written as an .eml file that any mail program opens.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send writes m to Dir and logs it.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	msg, err := compose(o.From, m)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("create outbox: %w", err)
	}
	b := make([]byte, 4)
	rand.Read(b)
	path := filepath.Join(o.Dir, time.Now().UTC().Format("20060102T150405.000Z")+"-"+hex.EncodeToString(b)+".eml")
	if err := msg.WriteToFile(path); err != nil {
		return fmt.Errorf("write outbox mail: %w", err)
	}
	o.Log.InfoContext(ctx, "mail written to outbox (no SMTP server configured)",
		"to", m.To, "subject", m.Subject, "file", path, "text", m.Text)
	return nil
}
