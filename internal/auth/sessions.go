package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// LastSeenEvery is how stale a session's last seen may get before a request writes it
// again: a signed-in request costs no write in between, only its one lookup.
const LastSeenEvery = 5 * time.Minute

// MaxSessionsListed bounds the sessions /account lists, the most recently seen first.
const MaxSessionsListed = 50

// Limits on ending sessions, per account and per client.
var (
	EndSessionsPerUser   = limits.Limit{Name: "end-sessions-user", Max: 30, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
	EndSessionsPerClient = limits.Limit{Name: "end-sessions-ip", Max: 60, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
)

// SessionLifetime is how long a sign-in lasts.
const SessionLifetime = 30 * 24 * time.Hour

// startSession keeps a new session of userID's begun by client, lasting SessionLifetime,
// and returns its token for the cookie. Only the token's hash, the User-Agent (bounded)
// and the address's prefix are stored.
func (a *Accounts) startSession(ctx context.Context, userID string, client Client) (string, error) {
	token, hash := NewToken()
	now := a.now()
	err := a.store.CreateSession(ctx, model.NewSession{
		TokenHash: hash, ID: model.NewID(), UserID: userID,
		UserAgent: cleanUserAgent(client.UserAgent), Network: AddressPrefix(client.IP),
		Created: now, Expires: now.Add(SessionLifetime),
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// SessionHolds tells whether the session of tokenHash is still account's: what a live
// stream re-checks when sessions end, without marking the session seen.
func (a *Accounts) SessionHolds(ctx context.Context, tokenHash, account string) (bool, error) {
	u, err := a.store.SessionUser(ctx, tokenHash, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil && u.ID == account, err
}

// SessionUser is the user signed in by the session tokenHash names (nil for none),
// marking the session seen when it was last seen over LastSeenEvery ago. Knowing when is
// not worth failing the request for: a failed mark is only logged.
func (a *Accounts) SessionUser(ctx context.Context, tokenHash string) (*model.User, error) {
	now := a.now()
	u, seen, err := a.store.SessionOf(ctx, tokenHash, now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if staleBefore := now.Add(-LastSeenEvery); seen.Before(staleBefore) {
		if _, err := a.store.TouchSession(ctx, tokenHash, now, staleBefore); err != nil {
			a.log.WarnContext(ctx, "mark session seen", "err", err)
		}
	}
	return u, nil
}

// Reader is the user signed in by the session tokenHash names (nil for none), as a page
// whose status depends on its reader asks, without marking the session seen.
func (a *Accounts) Reader(ctx context.Context, tokenHash string) (*model.User, error) {
	u, err := a.store.SessionUser(ctx, tokenHash, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return u, err
}

// SessionView is one of a fan's sessions as /account shows it.
type SessionView struct {
	model.Session
	Device Device
}

// Sessions lists userID's unexpired sessions, at most MaxSessionsListed, the most recently
// seen first, marking the one currentHash names; more tells that there are others.
func (a *Accounts) Sessions(ctx context.Context, userID, currentHash string) (views []SessionView, more bool, err error) {
	list, err := a.store.UserSessions(ctx, userID, currentHash, a.now(), MaxSessionsListed+1)
	if err != nil {
		return nil, false, err
	}
	if len(list) > MaxSessionsListed {
		list, more = list[:MaxSessionsListed], true
	}
	views = make([]SessionView, len(list))
	for i, s := range list {
		views[i] = SessionView{Session: s, Device: DescribeUserAgent(s.UserAgent)}
	}
	return views, more, nil
}

// EndSession ends by's session with public id id, and so its live streams on every
// node, within the limits on ending sessions; current tells that it was the one
// currentHash names (the caller signs it out).
// Another fan's session id is not found (404): nothing ends.
func (a *Accounts) EndSession(ctx context.Context, by model.Actor, id, currentHash string) (current bool, err error) {
	if err := a.writes.Take(ctx, by.UserID(), by.Client, EndSessionsPerUser, EndSessionsPerClient); err != nil {
		return false, err
	}
	userID := by.UserID()
	hash, err := a.store.DeleteUserSession(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, problem.New(problem.NotFound, "session_not_found", problem.MsgSessionNotFound)
	}
	if err != nil {
		return false, fmt.Errorf("end session: %w", err)
	}
	a.ended(ctx, userID)
	return hash == currentHash, nil
}

// EndOtherSessions ends every session of by's but the one currentHash names (counted as
// EndSession is), and
// their live streams on every node, and spends every pending link of the account.
func (a *Accounts) EndOtherSessions(ctx context.Context, by model.Actor, currentHash string) error {
	if err := a.writes.Take(ctx, by.UserID(), by.Client, EndSessionsPerUser, EndSessionsPerClient); err != nil {
		return err
	}
	if err := a.store.EndCredentials(ctx, by.UserID(), currentHash, a.now()); err != nil {
		return err
	}
	a.ended(ctx, by.UserID())
	return nil
}
