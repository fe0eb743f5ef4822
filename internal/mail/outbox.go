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

// Outbox stands in for a mail server on a machine without one: each message is written
// as an .eml file that any mail program opens. The log says where, never what: mail
// carries single-use links.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send writes m to Dir.
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
	path := filepath.Join(o.Dir, time.Now().UTC().Format("20060102T150405.000000000Z")+"-"+hex.EncodeToString(b)+".eml")
	// Written aside and renamed into place, so whoever watches the folder never reads half a mail.
	if err := msg.WriteToFile(path + ".part"); err != nil {
		return fmt.Errorf("write outbox mail: %w", err)
	}
	if err := os.Rename(path+".part", path); err != nil {
		return fmt.Errorf("write outbox mail: %w", err)
	}
	o.Log.InfoContext(ctx, "mail written to outbox (no SMTP server configured)",
		"subject", m.Subject, "file", path)
	return nil
}
