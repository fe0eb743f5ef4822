package model

// Profile is what anyone may see of a user.
type Profile struct {
	ID          string
	DisplayName string
	IdolsFound  int
	ListCount   int  // public lists only
	Suspended   bool // a moderator suspended the account: its page is for admins only
	// Followers and Following count the follows with an active account at the other end.
	Followers, Following int
}
