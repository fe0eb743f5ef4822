package comments

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/store"
)

// PageSize is how many top-level comments a page holds unless asked otherwise, each
// with all its replies.
const PageSize = store.DefaultCommentPageSize

// Page is up to limit top-level comments of the thread (listUserID "" for a poll's),
// newest first, after cursor ("" for the newest), followed by all their replies, with
// viewerID's votes; and the cursor of the next page, "" when there is none. What
// viewerID may not read is still in it (see Shown).
func (s *Service) Page(ctx context.Context, listUserID, listID, viewerID, cursor string, limit int) ([]model.Comment, string, error) {
	flat, next, err := s.store.CommentPage(ctx, listUserID, listID, viewerID, cursor, limit)
	if errors.Is(err, store.ErrBadCursor) {
		return nil, "", ErrBadCursor
	}
	return flat, next, err
}
