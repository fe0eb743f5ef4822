package model

// Actor is who asks for a use case: the signed-in user (nil for a visitor) and the
// client's address key (limits.ClientKey), which per-client limits count against.
type Actor struct {
	User   *User
	Client string
}

// UserID is the actor's user id, "" for a visitor.
func (a Actor) UserID() string {
	if a.User == nil {
		return ""
	}
	return a.User.ID
}
