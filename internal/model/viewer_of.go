package model

// ViewerOf is u as the visibility rules read a viewer: nobody when u is nil.
func ViewerOf(u *User) Viewer {
	if u == nil {
		return Viewer{}
	}
	return Viewer{ID: u.ID, Admin: u.IsAdmin}
}
