package problem

// Problems more than one domain answers with, kept here so that no domain package imports
// another for its error values.
var (
	ErrUserNotFound = New(NotFound, "user_not_found", MsgUserNotFound)
	// ErrAccountIsSuspended answers for a suspended account (its page, a follow) to all
	// but moderators.
	ErrAccountIsSuspended = New(NotFound, "user_suspended", MsgAccountIsSuspended)
)
