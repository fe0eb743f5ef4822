package lists

import (
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Who may see a list is one rule, model.ListVisible; the store runs the same rule in SQL
// when it is asked for the lists a viewer may see (OwnedBy, the inbox, favorites).

// Shown is l when v may see it, else store.ErrNotFound: for a list read elsewhere (a
// shared cache) before the viewer is known. A moderator also sees a public list that is
// hidden, to judge it.
func Shown(l *model.List, v model.Viewer) (*model.List, error) {
	if !model.ListVisible(model.ListRow{Owner: l.UserID, Listed: l.Listed(), ChosenPublic: l.IsPublic}, v) {
		return nil, store.ErrNotFound
	}
	return l, nil
}

// visibleTo is model.ListVisible for a list read only as listed or not (its visibility
// ref or a remix's origin): viewerID sees it as any reader, a moderator included.
func visibleTo(viewerID, ownerID string, listed bool) bool {
	return model.ListVisible(model.ListRow{Owner: ownerID, Listed: listed}, model.Viewer{ID: viewerID})
}

// errRemixGone answers a remix of a list that does not exist or that the remixer may not see.
var errRemixGone = problem.InvalidField("remixOf", problem.MsgRemixGone)

// OriginShown is the original o of a remix (or of a remix's draft) as reader viewerID
// may be shown it: nil when it is gone or not visible to them.
func OriginShown(o *model.Origin, viewerID string) *model.Origin {
	if o == nil || !visibleTo(viewerID, o.UserID, o.IsPublic) {
		return nil
	}
	return o
}

// Problems a list request can meet. The codes differ by endpoint as the API has
// always sent them.
var (
	ErrNotFound   = problem.ErrListNotFound
	ErrNoSuchList = problem.New(problem.NotFound, "list_not_found", problem.MsgListNotFound)
	ErrGone       = problem.New(problem.NotFound, "list_not_found", problem.MsgListGone)
	// ErrTooManyFavorites: an account keeps at most model.MaxFavorites favorites.
	ErrTooManyFavorites = problem.New(problem.Conflict, "too_many_favorites",
		problem.Format(problem.MsgTooManyFavorites, map[string]string{"max": problem.Number(model.MaxFavorites)}))
	errNoLists      = problem.New(problem.NotFound, "no_lists", problem.MsgNoLists)
	errEditNotYours = problem.New(problem.Forbidden, "forbidden", problem.MsgEditNotYours)
	errDelNotYours  = problem.New(problem.Forbidden, "forbidden", problem.MsgDeleteNotYours)
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
