package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"time"

	"castaway/internal/limits"
	castawaymail "castaway/internal/mail"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// ResetLifetime is how long a mailed reset link works.
const ResetLifetime = time.Hour

// Accounts holds the account rules: sign-up, sign-in, usernames and password
// resets. Starting sessions is the caller's business; every way sessions end goes
// through here, so their live streams end too (OnSessionsEnded).
type Accounts struct {
	store   *store.Store
	policy  *PasswordPolicy
	baseURL string
	limits  Limits
	writes  *limits.Writes // an account's own writes (renames), per account and per client
	hashes  *hasher
	log     *slog.Logger
	now     func() time.Time

	deviceMu       sync.Mutex
	deviceKeyBytes []byte // signs device cookies; loaded once

	// sessionsEnded tells every node that sessions of a user ended (nil: nobody listens).
	sessionsEnded func(ctx context.Context, userID string)
	// mailQueued wakes the mail worker after mail was queued (nil: it polls).
	mailQueued func()
}

// OnSessionsEnded sets fn to hear, after the fact, that sessions of a user ended
// (the app wires it to the live events' hub, which ends their streams on every node).
func (a *Accounts) OnSessionsEnded(fn func(ctx context.Context, userID string)) { a.sessionsEnded = fn }

// ended reports that sessions of userID ended.
func (a *Accounts) ended(ctx context.Context, userID string) {
	if a.sessionsEnded != nil {
		a.sessionsEnded(context.WithoutCancel(ctx), userID)
	}
}

// SignOut ends one session of userID's, the one tokenHash names; userID "" forgets a
// session that signs nobody in (expired, or of a suspended account), which no stream holds.
func (a *Accounts) SignOut(ctx context.Context, userID, tokenHash string) error {
	if err := a.store.DeleteSession(ctx, tokenHash); err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	if userID != "" {
		a.ended(ctx, userID)
	}
	return nil
}

// SignOutEverywhere ends every session of userID's and spends every pending link of the
// account (store.EndCredentials): the fan's own sign-out everywhere, the operator's, a
// suspension's.
func (a *Accounts) SignOutEverywhere(ctx context.Context, userID string) error {
	if err := a.store.EndCredentials(ctx, userID, "", a.now()); err != nil {
		return fmt.Errorf("sign out everywhere: %w", err)
	}
	a.ended(ctx, userID)
	return nil
}

// NewAccounts builds the account rules; baseURL prefixes links in mail, which is queued in
// the database (a mail.Worker delivers it).
func NewAccounts(st *store.Store, baseURL string, guards Limits, log *slog.Logger) *Accounts {
	a := &Accounts{store: st, policy: NewPasswordPolicy(), baseURL: baseURL, limits: guards,
		hashes: newHasher(HashSlots(), DefaultHashQueue), log: log, now: time.Now}
	// Counted as every domain counts its writes: in memory when one process owns the
	// database (SQLite), in the database every node shares otherwise.
	a.writes = limits.WritesFor(st, st.Dialect() == store.SQLite, func() time.Time { return a.now() })
	return a
}

// SetClock makes the limits and expiries read now instead of time.Now (a test holding
// the time still, so a rate cannot refill while a slow machine works).
func (a *Accounts) SetClock(now func() time.Time) { a.now = now }

// Policy is the password policy in force.
func (a *Accounts) Policy() *PasswordPolicy { return a.policy }

// MaxEmailLength is the longest an address can be (RFC 5321's path of 256 less its brackets).
const MaxEmailLength = 254

// checkEmailLength refuses an address no mailbox can have before it is counted, looked up
// or stored anywhere.
func checkEmailLength(email string) error {
	if len(email) > MaxEmailLength {
		return problem.InvalidField("email", problem.MsgEmailTooLong)
	}
	return nil
}

// HiddenInEmail tells whether email holds a character that shows nothing or turns text
// around (as a display name may not: hidden), which net/mail accepts in an address: with
// one, "victim\u200b@example.com" reads as the victim's address.
func HiddenInEmail(email string) bool { return strings.IndexFunc(email, hidden) >= 0 }

// checkEmailCharacters refuses an address with a hidden character (HiddenInEmail), as
// field email.
func checkEmailCharacters(email string) error {
	if HiddenInEmail(email) {
		return problem.InvalidField("email", problem.MsgEmailHidden)
	}
	return nil
}

// normalizeEmail trims an address and checks that it is one.
func normalizeEmail(email string) (string, bool) {
	email = strings.TrimSpace(email)
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return "", false
	}
	return email, true
}

// SignUp makes an email-and-password account for a request from client, and signs it in
// there. The display name is the part of the address before '@', made unique. The account
// works at once; a link to verify its address is mailed with it (the same transaction
// queues it).
func (a *Accounts) SignUp(ctx context.Context, email, password string, client Client) (*SignedIn, error) {
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return nil, invalid("validation", problem.MsgCredentialsRequired)
	}
	if err := checkEmailLength(email); err != nil {
		return nil, err
	}
	if err := checkEmailCharacters(email); err != nil {
		return nil, err
	}
	email, ok := normalizeEmail(email)
	if !ok {
		return nil, invalid("invalid_email", problem.MsgEmailInvalid)
	}
	if !a.policy.Acceptable(password) {
		return nil, invalid("weak_password", problem.MsgWeakPassword)
	}
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.SignUpPerIP: client.IP}); err != nil {
		return nil, err
	}
	hash, err := a.hashes.hash(ctx, password)
	if err != nil {
		return nil, err
	}
	u := &model.User{ID: model.NewID(), Email: email, PasswordHash: hash, CreatedAt: a.now()}
	err = a.createNamed(ctx, u, DisplayNameFromEmail(email), func() error {
		v, m, err := a.verification(castawaymail.VerifyEmail, u.ID, u.DisplayName, u.Email)
		if err != nil {
			return err
		}
		return a.store.CreateUserVerifying(ctx, u, v, m)
	})
	if errors.Is(err, store.ErrEmailTaken) {
		return nil, problem.New(problem.Conflict, "email_in_use", problem.MsgEmailInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("sign up: %w", err)
	}
	a.queued()
	return a.signIn(ctx, u, client)
}

// createNamed gives u the first free variant of base and runs create, picking
// again when a racing sign-up took the name first.
func (a *Accounts) createNamed(ctx context.Context, u *model.User, base string, create func() error) error {
	base = cleanName(base)
	lost := map[string]bool{} // keys taken by racing sign-ups, or that the prefix did not find
	for range 5 {
		// Every variant UniqueName can produce starts with these characters.
		taken, err := a.store.NameKeysWithPrefix(ctx, model.TruncateName(base, MaxDisplayNameLength-6))
		if err != nil {
			return err
		}
		for k := range lost {
			taken[k] = true
		}
		u.DisplayName = UniqueName(base, taken)
		if err = create(); !errors.Is(err, store.ErrNameTaken) {
			return err
		}
		lost[NameKey(u.DisplayName)] = true
	}
	return fmt.Errorf("no free display name for %q: %w", base, store.ErrNameTaken)
}

// SignIn checks an email and password for a request from client that presented
// deviceCookie (its device cookie, "" for none), and signs the account in there. Every
// attempt is counted before the password is looked at (countSignIn); a sign-in that
// succeeds takes its counts back, so only guesses use the limits up.
func (a *Accounts) SignIn(ctx context.Context, email, password string, client Client, deviceCookie string) (*SignedIn, error) {
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return nil, invalid("validation", problem.MsgCredentialsRequired)
	}
	if err := checkEmailLength(email); err != nil {
		return nil, err
	}
	keys, err := a.countSignIn(ctx, email, client.IP, deviceCookie)
	if err != nil {
		return nil, err
	}
	u, err := a.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil, problem.New(problem.NotFound, "user_not_found", problem.MsgNoAccountForEmail)
	}
	if err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	// An account made through Google or Twitter has no password until it is reset.
	ok := false
	if u.PasswordHash != "" {
		if ok, err = a.hashes.check(ctx, u.PasswordHash, password); err != nil {
			if _, isProblem := problem.As(err); isProblem { // no slot to weigh it: no guess
				a.refund(ctx, keys)
				return nil, err
			}
			return nil, fmt.Errorf("sign in: %w", err)
		}
	}
	if !ok {
		return nil, problem.New(problem.Unauthorized, "wrong_password", problem.MsgWrongPassword)
	}
	a.refund(ctx, keys)
	if err := a.admit(ctx, u); err != nil {
		return nil, err
	}
	return a.signIn(ctx, u, client)
}

// Rename changes the actor's display name, once RenamePerUser and RenamePerClient allow
// it, and tells whether it changed (a rename to the name they have changes nothing), with
// the account as they now see it (Me). The database's unique index on the look-alike key refuses a name another user's looks like,
// and settles races.
func (a *Accounts) Rename(ctx context.Context, actor model.Actor, name string) (me *Me, changed bool, err error) {
	if err := a.writes.Take(ctx, actor.UserID(), actor.Client, RenamePerUser, RenamePerClient); err != nil {
		return nil, false, err
	}
	name, msg := NormalizeDisplayName(name)
	if msg != "" {
		return nil, false, invalid("validation", msg)
	}
	changed, err = a.store.RenameUser(ctx, actor.UserID(), name)
	if errors.Is(err, store.ErrNameTaken) {
		return nil, false, problem.New(problem.Conflict, "username_taken", problem.MsgUsernameTaken)
	}
	if err != nil {
		return nil, false, fmt.Errorf("rename: %w", err)
	}
	u, err := a.store.UserByID(ctx, actor.UserID())
	if err != nil {
		return nil, false, err
	}
	me, err = a.Me(ctx, u)
	return me, changed, err
}

// RequestReset queues a mail with a single-use reset link when email has an account, for
// a request from clientIP that presented deviceCookie (its device cookie, "" for none). It
// says nothing about whether it has one: the caller answers the same either way. A request
// is counted per client first, and against the address only once it has an account, so
// mail would go; a browser holding a valid device cookie for the account is counted on
// that cookie instead, so strangers who fill the address's limit do not lock its owner out.
// An address with a hidden character is no account's (HiddenInEmail).
func (a *Accounts) RequestReset(ctx context.Context, email, clientIP, deviceCookie string) error {
	email = strings.TrimSpace(email)
	if email == "" {
		return invalid("validation", problem.MsgResetEmailRequired)
	}
	if err := checkEmailLength(email); err != nil {
		return err
	}
	if HiddenInEmail(email) {
		return nil
	}
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.ResetPerIP: clientIP}); err != nil {
		return err
	}
	u, err := a.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("request reset: %w", err)
	}
	nonce, err := a.ownDevice(ctx, deviceCookie, u.ID)
	if err != nil {
		return err
	}
	count := map[limits.Limit]string{a.limits.ResetPerEmail: email}
	if nonce != "" {
		count = map[limits.Limit]string{a.limits.ResetPerDevice: nonce}
	}
	if err := a.hit(ctx, count); err != nil {
		return err
	}
	return a.SendReset(ctx, u)
}

// SendReset queues a mail with a single-use reset link to u's address, uncounted: the
// caller counted the request (RequestReset) or is the operator.
func (a *Accounts) SendReset(ctx context.Context, u *model.User) error {
	token, hash := NewToken()
	now := a.now()
	m, err := a.outMail(castawaymail.PasswordReset, u.Email, castawaymail.Data{Name: u.DisplayName, Address: u.Email,
		Valid: resetLifetimeWords, Link: a.baseURL + "/login?reset=" + token})
	if err != nil {
		return err
	}
	if err := a.store.CreatePasswordReset(ctx, hash, u.ID, now, now.Add(ResetLifetime), &m); err != nil {
		return fmt.Errorf("request reset: %w", err)
	}
	a.queued()
	return nil
}

// ConfirmReset spends a reset token: it sets the new password, revokes every session of
// the account and signs it in afresh for client. Tries are counted per client, and the
// token is checked before the new password is hashed.
func (a *Accounts) ConfirmReset(ctx context.Context, token, password string, client Client) (*SignedIn, error) {
	if token == "" {
		return nil, invalid("invalid_token", problem.MsgResetTokenRequired)
	}
	if !a.policy.Acceptable(password) {
		return nil, invalid("weak_password", problem.MsgWeakPassword)
	}
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.ResetConfirmPerIP: client.IP}); err != nil {
		return nil, err
	}
	usable, err := a.store.PasswordResetUsable(ctx, HashToken(token), a.now())
	if err != nil {
		return nil, fmt.Errorf("confirm reset: %w", err)
	}
	if !usable {
		return nil, invalid("invalid_token", problem.MsgResetInvalid)
	}
	hash, err := a.hashes.hash(ctx, password)
	if err != nil {
		return nil, err
	}
	u, err := a.store.ResetPassword(ctx, HashToken(token), hash, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, invalid("invalid_token", problem.MsgResetInvalid)
	}
	if err != nil {
		return nil, fmt.Errorf("confirm reset: %w", err)
	}
	a.ended(ctx, u.ID)
	// The new password is set, but a suspended account is not signed in with it.
	if err := a.admit(ctx, u); err != nil {
		return nil, err
	}
	return a.signIn(ctx, u, client)
}

// ChangePassword sets u's new password after checking the current one (an account made
// through a provider has none yet and sets its first without), ends every session of
// theirs, and begins a new one for client, the device that asked.
func (a *Accounts) ChangePassword(ctx context.Context, u *model.User, current, next string, client Client) (*SignedIn, error) {
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.ChangePerUser: u.ID, a.limits.ChangePerIP: client.IP}); err != nil {
		return nil, err
	}
	if !a.policy.Acceptable(next) {
		return nil, invalid("weak_password", problem.MsgWeakPassword)
	}
	if u.PasswordHash != "" {
		ok, err := a.hashes.check(ctx, u.PasswordHash, current)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, problem.New(problem.Unauthorized, "wrong_password", problem.MsgWrongPassword)
		}
	}
	hash, err := a.hashes.hash(ctx, next)
	if err != nil {
		return nil, err
	}
	if err := a.store.SetPassword(ctx, u.ID, hash, a.now()); err != nil {
		return nil, err
	}
	a.ended(ctx, u.ID)
	return a.signIn(ctx, u, client)
}

// Delete removes by's account and everything it owns (store.DeleteAccount) once they
// typed their display name (confirm) and, for an account with a password, gave it,
// within the delete limits.
func (a *Accounts) Delete(ctx context.Context, by model.Actor, confirm, password string) error {
	// Counted first: a password check is a guess, and guesses are what the limit bounds.
	if err := a.writes.Take(ctx, by.UserID(), by.Client, DeletePerUser, DeletePerClient); err != nil {
		return err
	}
	u := by.User
	if strings.TrimSpace(confirm) != u.DisplayName {
		return problem.InvalidField("confirm", problem.MsgDeleteConfirm)
	}
	if u.PasswordHash != "" {
		ok, err := a.hashes.check(ctx, u.PasswordHash, password)
		if err != nil {
			return err
		}
		if !ok {
			return problem.New(problem.Unauthorized, "wrong_password", problem.MsgWrongPassword)
		}
	}
	if err := a.store.DeleteAccount(ctx, u.ID); err != nil {
		return err
	}
	a.ended(ctx, u.ID)
	return nil
}

// invalid is input that breaks an account rule.
func invalid(code, message string) *problem.Error {
	return problem.New(problem.Invalid, code, message)
}
