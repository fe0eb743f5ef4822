package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"castaway/internal/model"
)

// ErrRemixGone: the list a new list remixes does not exist, or its author may not see it.
var ErrRemixGone = errors.New("remixed list gone")

// stmtRemixOriginal reads list ($1, $2) when user $3 may see it.
var stmtRemixOriginal = `SELECT l.name, l.is_public FROM lists l WHERE l.user_id = $1 AND l.id = $2 AND ` +
	model.ListVisibleSQL("l", "$3", "FALSE")

// remixOriginal is the list ref names, as a remix by userID names it, when userID may
// see it; ErrRemixGone otherwise.
func remixOriginal(ctx context.Context, tx *sql.Tx, ref model.ListRef, userID string) (*model.ListVisibility, error) {
	o := model.ListVisibility{UserID: ref.UserID, ID: ref.ListID}
	err := tx.QueryRowContext(ctx, stmtRemixOriginal, ref.UserID, ref.ListID, userID).Scan(&o.Name, &o.IsPublic)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrRemixGone
	}
	if err != nil {
		return nil, fmt.Errorf("find remixed list: %w", err)
	}
	return &o, nil
}
