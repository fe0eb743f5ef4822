package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"castaway/internal/limits"
	castawaymail "castaway/internal/mail"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// VerifyLifetime is how long a mailed verification link works.
const VerifyLifetime = 24 * time.Hour

// Limits on verification mail: per account (a resend, which only the account's own
// sessions ask for), per new address (address changes, counted only once the link would
// go: a change refused, to an address already taken, counts nothing against it) and per
// client; and on the links tried from one client and the address changes one account asks for.
var (
	VerifyMailPerUser  = limits.Limit{Name: "verify-mail-user", Max: 5, Window: time.Hour, Message: problem.MsgTooManyAttempts}
	VerifyMailPerEmail = limits.Limit{Name: "verify-mail-email", Max: 5, Window: time.Hour, Message: problem.MsgTooManyAttempts}
	VerifyMailPerIP    = limits.Limit{Name: "verify-mail-ip", Max: 20, Window: time.Hour, Message: problem.MsgTooManyAttempts}
	VerifyConfirmPerIP = limits.Limit{Name: "verify-confirm-ip", Max: 30, Window: time.Hour, Message: problem.MsgTooManyAttempts}
	EmailChangePerUser = limits.Limit{Name: "email-change-user", Max: 5, Window: time.Hour, Message: problem.MsgTooManyAttempts}
	// A notice is dismissed once; the limit keeps a loop of dismissals from writing on.
	NoticePerUser   = limits.Limit{Name: "notice-user", Max: 30, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
	NoticePerClient = limits.Limit{Name: "notice-ip", Max: 60, Window: 15 * time.Minute, Message: problem.MsgTooManyAttempts}
)

// How long the links work, as the mail says it.
const (
	verifyLifetimeWords = "24 hours"
	resetLifetimeWords  = "the hour"
)

// OnMailQueued sets fn to hear that mail was queued (the app wakes its mail worker).
func (a *Accounts) OnMailQueued(fn func()) { a.mailQueued = fn }

func (a *Accounts) queued() {
	if a.mailQueued != nil {
		a.mailQueued()
	}
}

// outMail renders t for to, ready for the queue.
func (a *Accounts) outMail(t castawaymail.Template, to string, d castawaymail.Data) (store.OutMail, error) {
	m, err := castawaymail.Render(t, to, d)
	if err != nil {
		return store.OutMail{}, err
	}
	return store.OutMail{ID: model.NewID(), Kind: string(t), To: to, Subject: m.Subject, Text: m.Text, HTML: m.HTML, CreatedAt: a.now()}, nil
}

// verification makes a link proving email for the account named name, and its mail.
func (a *Accounts) verification(t castawaymail.Template, userID, name, email string) (model.EmailVerification, store.OutMail, error) {
	token, hash := NewToken()
	now := a.now()
	m, err := a.outMail(t, email, castawaymail.Data{Name: name, Address: email, Valid: verifyLifetimeWords,
		Link: a.baseURL + "/login?verify=" + token})
	return model.EmailVerification{TokenHash: hash, UserID: userID, Email: email, CreatedAt: now, ExpiresAt: now.Add(VerifyLifetime)}, m, err
}

// VerifyEmail spends a mailed verification link (tries counted per client): the account's
// own address becomes verified, or the address it asked to change to becomes its own. It
// answers the sentence to show.
func (a *Accounts) VerifyEmail(ctx context.Context, token, clientIP string) (string, error) {
	if token == "" {
		return "", invalid("invalid_token", problem.MsgVerifyTokenRequired)
	}
	if err := a.hit(ctx, map[limits.Limit]string{VerifyConfirmPerIP: clientIP}); err != nil {
		return "", err
	}
	changed, err := a.store.VerifyEmail(ctx, HashToken(token), a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return "", invalid("invalid_token", problem.MsgVerifyUnknown)
	case errors.Is(err, store.ErrTokenUsed):
		return "", invalid("token_used", problem.MsgVerifyUsed)
	case errors.Is(err, store.ErrTokenExpired):
		return "", invalid("token_expired", problem.MsgVerifyExpired)
	case errors.Is(err, store.ErrEmailTaken):
		return "", problem.New(problem.Conflict, "email_in_use", problem.MsgEmailChangeTaken)
	case err != nil:
		return "", fmt.Errorf("verify email: %w", err)
	}
	if changed {
		return problem.MsgEmailChanged, nil
	}
	return problem.MsgEmailVerified, nil
}

// ResendVerification mails u, signed in by the session sessionHash names, a new link for
// their unverified address, counted per account and per client: requests naming the
// address from anyone else (address changes) never use the owner's up.
func (a *Accounts) ResendVerification(ctx context.Context, u *model.User, sessionHash, clientIP string) error {
	switch {
	case u.Email == "":
		return invalid("no_email", problem.MsgNoEmailToVerify)
	case u.EmailVerified:
		return problem.New(problem.Conflict, "already_verified", problem.MsgAlreadyVerified)
	}
	if err := a.hit(ctx, map[limits.Limit]string{VerifyMailPerUser: u.ID, VerifyMailPerIP: clientIP}); err != nil {
		return err
	}
	return a.mailVerification(ctx, castawaymail.VerifyEmail, u, sessionHash, u.Email)
}

// mailVerification stores a link proving email for u and queues its mail, while the
// session sessionHash names stands: a link asked for as a credential event ends it is
// refused, or spent by the event (store.CreateEmailVerification).
func (a *Accounts) mailVerification(ctx context.Context, t castawaymail.Template, u *model.User, sessionHash, email string) error {
	v, m, err := a.verification(t, u.ID, u.DisplayName, email)
	if err != nil {
		return err
	}
	err = a.store.CreateEmailVerification(ctx, sessionHash, v, m)
	if errors.Is(err, store.ErrNotFound) {
		return problem.New(problem.Unauthorized, "unauthorized", problem.MsgSignedOut)
	}
	if err != nil {
		return fmt.Errorf("mail verification: %w", err)
	}
	a.queued()
	return nil
}

// RequestEmailChange mails a link to next once u, signed in by the session sessionHash
// names, proves who they are with their password; u keeps their address until the link
// is opened (VerifyEmail). The request counts against next's mail limit only once the link
// would go.
func (a *Accounts) RequestEmailChange(ctx context.Context, u *model.User, sessionHash, next, password, clientIP string) error {
	next = strings.TrimSpace(next)
	if err := checkEmailLength(next); err != nil {
		return err
	}
	if err := checkEmailCharacters(next); err != nil {
		return err
	}
	next, ok := normalizeEmail(next)
	if !ok {
		return problem.InvalidField("email", problem.MsgEmailInvalid)
	}
	if u.PasswordHash == "" {
		return problem.New(problem.Forbidden, "password_required", problem.MsgEmailChangeNeedsPassword)
	}
	if password == "" {
		return problem.InvalidField("password", problem.MsgPasswordRequired)
	}
	if strings.EqualFold(next, u.Email) {
		return problem.InvalidField("email", problem.MsgEmailUnchanged)
	}
	if err := a.hit(ctx, map[limits.Limit]string{EmailChangePerUser: u.ID, VerifyMailPerIP: clientIP}); err != nil {
		return err
	}
	ok, err := a.hashes.check(ctx, u.PasswordHash, password)
	if err != nil {
		return err
	}
	if !ok {
		return problem.New(problem.Unauthorized, "wrong_password", problem.MsgWrongPassword)
	}
	if _, err := a.store.UserByEmail(ctx, next); err == nil {
		return problem.New(problem.Conflict, "email_in_use", problem.MsgEmailChangeTaken)
	} else if !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("change email: %w", err)
	}
	if err := a.hit(ctx, map[limits.Limit]string{VerifyMailPerEmail: next}); err != nil {
		return err
	}
	return a.mailVerification(ctx, castawaymail.ChangeEmail, u, sessionHash, next)
}

// notice is the sentence u should read about their account, or "": after a provider's
// proof of the address removed a password, until they set one or dismiss it.
func notice(u *model.User) string {
	if u.PasswordRemoved && u.PasswordHash == "" {
		return problem.MsgPasswordRemoved
	}
	return ""
}

// DismissNotice forgets by's notice.
func (a *Accounts) DismissNotice(ctx context.Context, by model.Actor) error {
	if err := a.writes.Take(ctx, by.UserID(), by.Client, NoticePerUser, NoticePerClient); err != nil {
		return err
	}
	return a.store.DismissPasswordNotice(ctx, by.UserID())
}

// claim gives the account u, whose address a provider just proved and the account never
// did, to the person who signed in: see store.ClaimForProvider. Every session of the
// account ends, streams included, so whoever set the password is out.
func (a *Accounts) claim(ctx context.Context, u *model.User, id model.Identity) (*model.User, error) {
	claimed, err := a.store.ClaimForProvider(ctx, u.ID, u.Email, id, a.now())
	if err != nil {
		return nil, fmt.Errorf("claim account for provider: %w", err)
	}
	a.ended(ctx, u.ID)
	a.log.InfoContext(ctx, "provider proved an unverified address: password removed, sessions ended",
		"user", u.ID, "provider", id.Provider, "had_password", u.PasswordHash != "")
	return claimed, nil
}
