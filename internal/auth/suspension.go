package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// CodeSuspended is the problem code of a sign-in a suspension refuses.
const CodeSuspended = "account_suspended"

// SuspendedDate is how an end date is written to the user (in UTC): "3 December 2026".
const SuspendedDate = "2 January 2006"

// Suspended refuses a sign-in to a suspended account: 403 with a message that names the
// end date, if it has one. It unwraps to its problem.
type Suspended struct {
	Until time.Time // zero: until a moderator restores the account
}

func (s *Suspended) Error() string { return SuspendedMessage(s.Until) }

func (s *Suspended) Unwrap() error { return problem.New(problem.Forbidden, CodeSuspended, s.Error()) }

// SuspendedMessage is what a suspended account's owner reads when they try to sign in.
func SuspendedMessage(until time.Time) string {
	if until.IsZero() {
		return problem.MsgAccountSuspended
	}
	return problem.Format(problem.MsgAccountSuspendedUntil, map[string]string{"date": until.UTC().Format(SuspendedDate)})
}

// admit lets u in unless a moderator suspended the account and its end date has not
// passed (a passed one lets them in even before the sweep restores their content). Every
// way in calls it once the credentials are known good: password, provider, reset.
func (a *Accounts) admit(ctx context.Context, u *model.User) error {
	sus, err := a.store.SuspensionOf(ctx, u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("check suspension: %w", err)
	}
	if sus != nil && sus.Active(a.now()) {
		return &Suspended{Until: sus.Until}
	}
	return nil
}
