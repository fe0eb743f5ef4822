package events

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// NATS carries events through a NATS server (core NATS, at most once): topic t
// travels as subject "<prefix>.t", and a subscription to "inbox." as "<prefix>.inbox.>".
type NATS struct {
	nc     *nats.Conn
	prefix string
	log    *slog.Logger
	f      fanout // for Resync
}

// OpenNATS connects to the NATS server(s) at url (comma-separated for a cluster).
// When none answers it keeps trying in the background, with capped backoff.
func OpenNATS(url, prefix string, log *slog.Logger) (*NATS, error) {
	n := &NATS{prefix: prefix, log: log}
	nc, err := nats.Connect(url,
		nats.Name("castaway"),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.CustomReconnectDelay(func(attempts int) time.Duration {
			return min(minBackoff<<min(attempts, 10), maxBackoff)
		}),
		nats.ConnectHandler(func(*nats.Conn) {
			log.Info("event bus connected", "bus", "nats")
			n.f.resync()
		}),
		nats.ReconnectHandler(func(*nats.Conn) {
			log.Info("event bus reconnected", "bus", "nats")
			n.f.resync()
		}),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("event bus lost; reconnecting", "bus", "nats", "err", err)
			}
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("events: nats %s: %w", url, err)
	}
	n.nc = nc
	return n, nil
}

// Publish hands payload to the server (buffered while reconnecting).
func (n *NATS) Publish(ctx context.Context, topic string, payload []byte) error {
	if err := validTopic(topic, false); err != nil {
		return err
	}
	if err := n.nc.Publish(n.prefix+"."+topic, payload); err != nil {
		return fmt.Errorf("events: publish %s: %w", topic, err)
	}
	return nil
}

// Subscribe makes one NATS subscription; the client renews it after a reconnect.
// It waits (up to five seconds) for the server to have it, so a message published
// anywhere after Subscribe returns is heard.
func (n *NATS) Subscribe(topic string, h Handler) (func(), error) {
	id, err := n.f.add(topic, h)
	if err != nil {
		return nil, err
	}
	subject := n.prefix + "." + topic
	if strings.HasSuffix(topic, ".") {
		subject += ">"
	}
	cut := len(n.prefix) + 1
	s, err := n.nc.Subscribe(subject, func(m *nats.Msg) {
		if len(m.Subject) > cut {
			h.Event(m.Subject[cut:], m.Data)
		}
	})
	if err != nil {
		n.f.remove(id)
		return nil, fmt.Errorf("events: subscribe %s: %w", topic, err)
	}
	if n.nc.IsConnected() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := n.nc.FlushWithContext(ctx); err != nil {
			n.log.Warn("event subscription not confirmed", "bus", "nats", "err", err)
		}
	}
	return func() {
		s.Unsubscribe()
		n.f.remove(id)
	}, nil
}

// Close flushes pending publishes (for a second at most) and ends the connection.
func (n *NATS) Close() error {
	n.f.close()
	if n.nc.IsConnected() {
		n.nc.FlushTimeout(time.Second)
	}
	n.nc.Close()
	return nil
}
