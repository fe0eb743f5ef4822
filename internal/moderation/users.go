package moderation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"castaway/internal/auth"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// UsersPage is how many accounts a search shows at once.
const UsersPage = 30

// MaxSuspensionReason is how long a suspension's reason may be.
const MaxSuspensionReason = 500

// SweepBatch is how many expired suspensions one run of the sweep lifts.
const SweepBatch = 100

// Actor is who takes an account-level action: a moderator, or the operator at the command line.
type Actor struct{ ID, Name string }

// Actors that are not a moderator's account.
var (
	CommandLine = Actor{Name: "command line"}
	EndDate     = Actor{Name: "end date"} // the sweep, once a suspension's end date passed
)

// Problems of moderating accounts.
var (
	ErrNoAccount        = problem.New(problem.NotFound, "user_not_found", problem.MsgNoSuchAccount)
	ErrSuspendModerator = problem.New(problem.Conflict, "moderator", problem.MsgSuspendModerator)
	ErrNotSuspended     = problem.New(problem.Conflict, "not_suspended", problem.MsgNotSuspended)
	ErrReasonRequired   = problem.InvalidField("reason", problem.MsgSuspendReasonRequired)
	ErrReasonTooLong    = problem.InvalidField("reason", problem.MsgSuspendReasonTooLong)
	ErrUntilPast        = problem.InvalidField("until", problem.MsgSuspendUntilPast)
	ErrBadUsersCursor   = problem.New(problem.Invalid, "validation", problem.MsgUsersPageExpired)
)

// Users holds the use cases of moderating accounts: finding them, suspending and
// restoring them, and sending a password reset or ending their sessions. Every action is
// logged; sessions end through auth.Accounts, so their live streams end on every node.
// A moderator's requests (model.Actor) are checked and counted here; the operator's
// commands (Actor) are not.
type Users struct {
	store    *store.Store
	accounts *auth.Accounts
	writes   *limits.Writes
	inbox    *notify.Inbox
	log      *slog.Logger
	now      func() time.Time
}

// NewUsers builds the account moderation use cases: writes counts a moderator's actions
// and inbox hears that restored content is back in inboxes.
func NewUsers(st *store.Store, accounts *auth.Accounts, writes *limits.Writes, inbox *notify.Inbox, log *slog.Logger) *Users {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Users{store: st, accounts: accounts, writes: writes, inbox: inbox, log: log, now: time.Now}
}

// Search finds accounts by the start of a display name or an exact address ("" lists
// all); for moderators.
func (m *Users) Search(ctx context.Context, by model.Actor, query, cursor string) ([]model.UserSummary, string, error) {
	if err := RequireAdmin(by.User); err != nil {
		return nil, "", err
	}
	page, next, err := m.store.SearchUsers(ctx, query, cursor, UsersPage)
	if errors.Is(err, store.ErrBadCursor) {
		return nil, "", ErrBadUsersCursor
	}
	return page, next, err
}

// Case is what a moderator sees of one account: its status, reports and actions.
func (m *Users) Case(ctx context.Context, by model.Actor, userID string) (*model.UserCase, error) {
	if err := RequireAdmin(by.User); err != nil {
		return nil, err
	}
	c, err := m.store.UserCase(ctx, userID)
	return c, store.NotFoundAs(err, ErrNoAccount)
}

// SuspendByModerator is Suspend asked by the moderator by, within the moderators'
// limits; it answers with the account's case as it now stands.
func (m *Users) SuspendByModerator(ctx context.Context, by model.Actor, userID, reason string, until time.Time) (*model.UserCase, error) {
	if err := m.moderatorActs(ctx, by); err != nil {
		return nil, err
	}
	if err := m.Suspend(ctx, Actor{ID: by.UserID(), Name: by.User.DisplayName}, userID, reason, until); err != nil {
		return nil, err
	}
	return m.Case(ctx, by, userID)
}

// UnsuspendByModerator is Unsuspend asked by the moderator by, within the moderators'
// limits; it answers with the account's case as it now stands.
func (m *Users) UnsuspendByModerator(ctx context.Context, by model.Actor, userID string) (*model.UserCase, error) {
	if err := m.moderatorActs(ctx, by); err != nil {
		return nil, err
	}
	if err := m.Unsuspend(ctx, Actor{ID: by.UserID(), Name: by.User.DisplayName}, userID); err != nil {
		return nil, err
	}
	return m.Case(ctx, by, userID)
}

// moderatorActs lets a moderator's action through, counted against ActPerUser and ActPerClient.
func (m *Users) moderatorActs(ctx context.Context, by model.Actor) error {
	if err := RequireAdmin(by.User); err != nil {
		return err
	}
	return m.writes.Take(ctx, by.UserID(), by.Client, ActPerUser, ActPerClient)
}

// ByEmail finds the account with email, for the command line.
func (m *Users) ByEmail(ctx context.Context, email string) (*model.User, error) {
	u, err := m.store.UserByEmail(ctx, strings.TrimSpace(email))
	return u, store.NotFoundAs(err, ErrNoAccount)
}

// Suspend suspends userID for reason until the end date (zero: until restored). Its
// content leaves every page for everyone else at once and its sessions and streams end.
// A moderator cannot be suspended (so no moderator locks out another, or themself):
// their role is revoked first. Suspending a suspended account changes its terms.
func (m *Users) Suspend(ctx context.Context, by Actor, userID, reason string, until time.Time) error {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return ErrReasonRequired
	case utf8.RuneCountInString(reason) > MaxSuspensionReason:
		return ErrReasonTooLong
	case !until.IsZero() && !until.After(m.now()):
		return ErrUntilPast
	}
	u, err := m.store.UserByID(ctx, userID)
	if err != nil {
		return store.NotFoundAs(err, ErrNoAccount)
	}
	if u.IsAdmin {
		return ErrSuspendModerator
	}
	now := m.now()
	detail := reason
	if !until.IsZero() {
		detail = "until " + until.UTC().Format(auth.SuspendedDate) + ": " + reason
	}
	err = m.store.Suspend(ctx, userID, model.Suspension{Since: now, Until: until, Reason: reason}, m.action(by, store.ActionSuspend, detail))
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoAccount
	}
	if err != nil {
		return fmt.Errorf("suspend: %w", err)
	}
	// The suspension already refuses these sessions (store.SessionUser); ending them
	// also ends their live streams.
	return m.accounts.SignOutEverywhere(ctx, userID)
}

// Unsuspend restores userID: its content is back where it was, less what moderators hid,
// in every inbox too (a suspension ends its sessions, which says as much).
func (m *Users) Unsuspend(ctx context.Context, by Actor, userID string) error {
	err := m.store.Unsuspend(ctx, userID, time.Time{}, m.action(by, store.ActionUnsuspend, ""))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrNoAccount
	case errors.Is(err, store.ErrNotSuspended):
		return ErrNotSuspended
	case err != nil:
		return err
	}
	m.inbox.Changed(ctx)
	return nil
}

// SweepExpired restores at most SweepBatch accounts whose suspension's end date passed,
// returning how many. Sign-in works after the end date even before this runs.
func (m *Users) SweepExpired(ctx context.Context) (int, error) {
	now := m.now()
	ids, err := m.store.ExpiredSuspensions(ctx, now, SweepBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := m.store.Unsuspend(ctx, id, now, m.action(EndDate, store.ActionUnsuspend, ""))
		if errors.Is(err, store.ErrNotSuspended) || errors.Is(err, store.ErrNotFound) {
			continue // restored or renewed meanwhile
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// SendPasswordReset mails userID a reset link, and logs it. The operator's request is not
// counted against the address's limit, which strangers may have filled.
func (m *Users) SendPasswordReset(ctx context.Context, by Actor, u *model.User) error {
	if u.Email == "" {
		return problem.New(problem.Conflict, "no_email", problem.MsgNoEmailForReset)
	}
	if err := m.accounts.SendReset(ctx, u); err != nil {
		return err
	}
	return m.store.RecordUserAction(ctx, u.ID, m.action(by, store.ActionResetPassword, ""))
}

// SignOut ends every session of userID's, with their live streams, and logs it.
func (m *Users) SignOut(ctx context.Context, by Actor, userID string) error {
	if err := m.accounts.SignOutEverywhere(ctx, userID); err != nil {
		return err
	}
	err := m.store.RecordUserAction(ctx, userID, m.action(by, store.ActionSignOut, ""))
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoAccount
	}
	return err
}

func (m *Users) action(by Actor, action, detail string) *model.Action {
	return &model.Action{ID: model.NewID(), AdminID: by.ID, AdminName: by.Name, Action: action, Detail: detail, CreatedAt: m.now()}
}
