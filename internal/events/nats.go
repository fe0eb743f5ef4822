package events

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
)

// Subject is the NATS subject events travel on.
const Subject = "castaway.events"

// NATS carries events through a NATS server (core NATS, at most once), for
// databases without LISTEN/NOTIFY or past what it carries.
type NATS struct {
	nc *nats.Conn
	// reconnected and lost are signalled by the client's own reconnect loop.
	reconnected chan struct{}
	lost        chan error
}

// NewNATS connects to url (nats://host:port); the client reconnects forever,
// waiting as DefaultBackoff does (doubling, capped at 30 s), and buffers
// publishes while it does. A server that is down at start is retried likewise.
func NewNATS(url string) (*NATS, error) {
	n := &NATS{reconnected: make(chan struct{}, 1), lost: make(chan error, 1)}
	nc, err := nats.Connect(url,
		nats.Name("castaway"),
		nats.MaxReconnects(-1),
		nats.CustomReconnectDelay(func(attempts int) time.Duration {
			return min(DefaultBackoff.Min<<min(attempts, 10), DefaultBackoff.Max)
		}),
		nats.RetryOnFailedConnect(true),
		nats.ConnectHandler(func(*nats.Conn) { signal(n.reconnected) }),
		nats.ReconnectHandler(func(*nats.Conn) { signal(n.reconnected) }),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err == nil {
				err = errors.New("disconnected")
			}
			select {
			case n.lost <- err:
			default:
			}
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("events: connect to nats: %w", err)
	}
	n.nc = nc
	if nc.IsConnected() {
		signal(n.reconnected)
	}
	return n, nil
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// Publish sends the event to every subscribed process.
func (n *NATS) Publish(ctx context.Context, topic string, payload []byte) error {
	msg, err := encode(topic, payload)
	if err != nil {
		return err
	}
	if err := n.nc.Publish(Subject, msg); err != nil {
		return fmt.Errorf("publish event: %w", err)
	}
	return nil
}

// Listen subscribes until ctx ends. The NATS client reconnects by itself and
// keeps the subscription; ready is called on every (re)connect so the caller
// resyncs what it may have missed while the connection was down.
func (n *NATS) Listen(ctx context.Context, ready func(), handle Handler) error {
	sub, err := n.nc.Subscribe(Subject, func(m *nats.Msg) {
		if topic, payload, ok := decode(m.Data); ok {
			handle(topic, payload)
		}
	})
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	defer sub.Unsubscribe()
	if n.nc.IsConnected() {
		// The subscription reaches the server before ready says so (FlushWithContext
		// needs a deadline: without one it returns at once and flushes nothing).
		flushCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := n.nc.FlushWithContext(flushCtx)
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("subscribe: flush: %w", err)
		}
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-n.reconnected:
			ready()
		case <-n.lost:
			// The client is reconnecting; ready follows when it is back.
		}
	}
}

// Close drains nothing: it closes the connection.
func (n *NATS) Close() error {
	n.nc.Close()
	return nil
}
