package problem

// Problems more than one domain answers with, kept here so that no domain package imports
// another for its error values.
var (
	ErrUserNotFound = New(NotFound, "user_not_found", MsgUserNotFound)
	// ErrListNotFound answers for a list that is gone or hidden from the one asking: its
	// page, its upvotes and favorites, its comments.
	ErrListNotFound = New(NotFound, "not_found", MsgListNotFound)
	// ErrAccountIsSuspended answers for a suspended account (its page, a follow) to all
	// but moderators.
	ErrAccountIsSuspended = New(NotFound, "user_suspended", MsgAccountIsSuspended)
)
