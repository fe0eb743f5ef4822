package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// VisibleTo is the one rule for who may see a list: everyone may see a public
// list, only its owner a private one. viewerID is "" when nobody is signed in.
// The store applies the same rule in SQL when it is asked for the lists a viewer
// may see (a user's page, the inbox, favorites); browse and home ask for public lists.
func VisibleTo(viewerID, ownerID string, isPublic bool) bool {
	return isPublic || (viewerID != "" && viewerID == ownerID)
}

// Shown is l when viewerID may see it, else store.ErrNotFound: for a list read
// elsewhere (a shared cache) before the viewer is known. Admins (admin) also see a
// public list a moderator hid, to judge it.
func Shown(l *model.List, viewerID string, admin bool) (*model.List, error) {
	if !VisibleTo(viewerID, l.UserID, l.Listed()) && !(admin && l.Hidden && l.IsPublic) {
		return nil, store.ErrNotFound
	}
	return l, nil
}

// FindRef is the identity and name of the list ownerID/listID when viewerID may see
// it; store.ErrNotFound for someone else's private list, exactly as for a missing one.
func FindRef(ctx context.Context, st *store.Store, ownerID, listID, viewerID string) (*model.ListVisibility, error) {
	l, err := st.ListVisibilityOf(ctx, ownerID, listID)
	if err != nil {
		return nil, err
	}
	if !VisibleTo(viewerID, l.UserID, l.IsPublic) {
		return nil, store.ErrNotFound
	}
	return l, nil
}

// errRemixGone answers a remix of a list that does not exist or that the remixer may not see.
var errRemixGone = problem.InvalidField("remixOf", "The list you are remixing no longer exists.")

// OriginShown is the original o of a remix (or of a remix's draft) as reader viewerID
// may be shown it: nil when it is gone or not visible to them.
func OriginShown(o *model.Origin, viewerID string) *model.Origin {
	if o == nil || !VisibleTo(viewerID, o.UserID, o.IsPublic) {
		return nil
	}
	return o
}

// Problems a list request can meet. The codes differ by endpoint as the API has
// always sent them.
var (
	ErrNotFound     = problem.New(problem.NotFound, "not_found", problem.MsgListNotFound) // upvotes, favorites, comments
	ErrNoSuchList   = problem.New(problem.NotFound, "list_not_found", problem.MsgListNotFound)
	ErrGone         = problem.New(problem.NotFound, "list_not_found", problem.MsgListGone)
	ErrUserNotFound = problem.New(problem.NotFound, "user_not_found", problem.MsgUserNotFound)
	// ErrTooManyFavorites: an account keeps at most store.MaxFavorites favorites.
	ErrTooManyFavorites = problem.New(problem.Conflict, "too_many_favorites", "You have 1,000 favorites, the most an account can keep. Remove one first.")
	errNoLists          = problem.New(problem.NotFound, "no_lists", problem.MsgNoLists)
	errEditNotYours     = problem.New(problem.Forbidden, "forbidden", "You can only edit your own lists.")
	errDelNotYours      = problem.New(problem.Forbidden, "forbidden", "You can only delete your own lists.")
)

// CanEdit tells whether userID may change a list of ownerID: only its owner may.
func CanEdit(userID, ownerID string) error {
	if userID != ownerID {
		return errEditNotYours
	}
	return nil
}

// CanDelete tells whether userID may delete a list of ownerID: only its owner may.
func CanDelete(userID, ownerID string) error {
	if userID != ownerID {
		return errDelNotYours
	}
	return nil
}
