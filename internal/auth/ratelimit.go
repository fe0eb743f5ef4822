package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"castaway/internal/limits"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Limits are the brute-force guards; their state lives in the database so every node
// shares it, and each attempt is counted before any work is done for it (one atomic
// statement), so parallel attempts cannot slip past a limit.
type Limits struct {
	// SignInPerPair bounds guesses at one address from one client: it stops a guesser
	// without locking out the owner, who signs in from elsewhere.
	SignInPerPair limits.Limit
	// SignInPerEmail is a slower bound on one address from any client without a device
	// cookie for it (many clients).
	SignInPerEmail limits.Limit
	SignInPerIP    limits.Limit
	// SignInPerDevice bounds guesses made with one device cookie, in place of the others:
	// a stolen cookie is no licence to guess.
	SignInPerDevice limits.Limit
	// ResetPerEmail bounds reset mail to an address with an account, asked for without a
	// device cookie for it; ResetPerDevice, in its place, what one device cookie asks for.
	ResetPerEmail  limits.Limit
	ResetPerDevice limits.Limit
	ResetPerIP     limits.Limit
	// ResetConfirmPerIP bounds reset links tried from one client.
	ResetConfirmPerIP limits.Limit
	// SignUpPerIP bounds account creation, each of which costs a password hash.
	SignUpPerIP limits.Limit
	// ChangePerUser and ChangePerIP bound password changes (each weighs the current
	// password and hashes the new one).
	ChangePerUser limits.Limit
	ChangePerIP   limits.Limit
	// OAuthStartPerIP bounds provider sign-ins started by one client, each a stored round trip.
	OAuthStartPerIP limits.Limit
}

// DefaultLimits suit a public site.
func DefaultLimits() Limits {
	l := func(name string, max int, window time.Duration) limits.Limit {
		return limits.Limit{Name: name, Max: max, Window: window, Message: problem.MsgTooManyAttempts}
	}
	return Limits{
		SignInPerPair:     l("signin-pair", 10, 15*time.Minute),
		SignInPerEmail:    l("signin-email", 50, time.Hour),
		SignInPerIP:       l("signin-ip", 30, 15*time.Minute),
		SignInPerDevice:   l("signin-device", 10, 15*time.Minute),
		ResetPerEmail:     l("reset-email", 5, time.Hour),
		ResetPerDevice:    l("reset-device", 5, time.Hour),
		ResetPerIP:        l("reset-ip", 20, time.Hour),
		ResetConfirmPerIP: l("reset-confirm-ip", 20, time.Hour),
		SignUpPerIP:       l("signup-ip", 20, time.Hour),
		ChangePerUser:     l("password-change-user", 10, 15*time.Minute),
		ChangePerIP:       l("password-change-ip", 30, 15*time.Minute),
		OAuthStartPerIP:   l("oauth-start-ip", 30, 10*time.Minute),
	}
}

func limitHit(l limits.Limit, subject string) limits.Hit { return l.Hit(strings.ToLower(subject)) }

// hit counts one event on every key and refuses when any went over its limit.
func (a *Accounts) hit(ctx context.Context, keys map[limits.Limit]string) error {
	now := a.now()
	var over error
	for l, subject := range keys {
		st, err := a.store.HitRateLimit(ctx, limitHit(l, subject), now)
		if err != nil {
			return err
		}
		if !st.Allowed && over == nil {
			over = l.Exceeded(st.TAT, now)
		}
	}
	return over
}

// countSignIn counts one sign-in attempt at email and returns the keys it counted on. A
// client presenting a valid device cookie for the account is counted on that cookie
// alone. Any other is counted per address-and-client pair and per client first, and only
// an attempt those let through is counted against the address from anywhere: guesses a
// client's own limit refused never fill the limit that shuts out every unknown client.
func (a *Accounts) countSignIn(ctx context.Context, email, clientIP, deviceCookie string) (map[limits.Limit]string, error) {
	d, ok, err := a.readDevice(ctx, deviceCookie)
	if err != nil {
		return nil, err
	}
	if ok {
		u, err := a.store.UserByEmail(ctx, email)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if err == nil && u.ID == d.userID {
			keys := map[limits.Limit]string{a.limits.SignInPerDevice: d.nonce}
			return keys, a.hit(ctx, keys)
		}
	}
	client := map[limits.Limit]string{a.limits.SignInPerPair: email + " " + clientIP, a.limits.SignInPerIP: clientIP}
	if err := a.hit(ctx, client); err != nil {
		return nil, err
	}
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.SignInPerEmail: email}); err != nil {
		return nil, err
	}
	client[a.limits.SignInPerEmail] = email
	return client, nil
}

// refund takes back one counted event on every key (its TAT moves back one interval): a
// sign-in that succeeded was no guess, so the owner's own sign-ins never use up their limits.
func (a *Accounts) refund(ctx context.Context, keys map[limits.Limit]string) {
	now := a.now()
	for l, subject := range keys {
		if err := a.store.UnhitRateLimit(ctx, limitHit(l, subject), now); err != nil {
			a.log.WarnContext(ctx, "refund rate limit", "err", err)
		}
	}
}

// Limits on renames, each of which renews everything that shows the name (the account's
// lists' search rows, the threads it wrote in) and the shared reads, per account and per client.
var (
	RenamePerUser   = limits.Limit{Name: "rename-user", Max: 20, Window: time.Hour, Message: problem.MsgUsernameLimited}
	RenamePerClient = limits.Limit{Name: "rename-ip", Max: 60, Window: time.Hour, Message: problem.MsgUsernameLimited}
)

// Limits on taking one's data and on deleting one's account, per account and per client.
var (
	ExportPerUser   = limits.Limit{Name: "export-user", Max: 5, Window: time.Hour, Message: problem.MsgTooManyExports}
	ExportPerClient = limits.Limit{Name: "export-ip", Max: 20, Window: time.Hour, Message: problem.MsgTooManyDownloads}
	DeletePerUser   = limits.Limit{Name: "delete-account-user", Max: 10, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
	DeletePerClient = limits.Limit{Name: "delete-account-ip", Max: 30, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
)
