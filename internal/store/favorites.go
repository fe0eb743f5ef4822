package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// ErrTooManyFavorites: the user already starred model.MaxFavorites lists.
var ErrTooManyFavorites = errors.New("too many favorites")

// AddFavorite stars a list for userID; starring twice keeps the first time.
// ErrNotFound when the list does not exist; ErrTooManyFavorites past model.MaxFavorites.
func (s *Store) AddFavorite(ctx context.Context, userID, ownerID, listID string, now time.Time) error {
	if s.marks != nil {
		return s.addFavoriteAtOnce(ctx, userID, ownerID, listID, now)
	}
	return s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		// SQLite: the transaction holds the database's one write lock, so one user's stars
		// count in turn with no row lock (PostgreSQL's function locks the fan's row).
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM favorites WHERE user_id = $1`, userID).Scan(&n); err != nil {
			return fmt.Errorf("count favorites: %w", err)
		}
		var res sql.Result
		var err error
		res, err = tx.ExecContext(ctx, `INSERT INTO favorites (user_id, list_user_id, list_id, favorited_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, list_user_id, list_id) DO NOTHING`, userID, ownerID, listID, millis(now))
		if isForeignKeyViolation(err) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("add favorite: %w", err)
		}
		if added, _ := res.RowsAffected(); added > 0 && n >= model.MaxFavorites {
			return ErrTooManyFavorites
		}
		return nil
	})
}

// addFavoriteAtOnce is AddFavorite on PostgreSQL: one statement on the marks' pool, the
// function migration 0098 made (a transaction of its steps took five round trips, and
// locked the fan's row by writing it).
func (s *Store) addFavoriteAtOnce(ctx context.Context, userID, ownerID, listID string, now time.Time) error {
	var added int
	err := s.marks.QueryRowContext(ctx, `SELECT castaway_add_favorite($1, $2, $3, CAST($4 AS BIGINT), CAST($5 AS INTEGER))`,
		userID, ownerID, listID, millis(now), model.MaxFavorites).Scan(&added)
	switch {
	case isForeignKeyViolation(err):
		return ErrNotFound
	case err != nil:
		return fmt.Errorf("add favorite: %w", err)
	case added < 0:
		return ErrTooManyFavorites
	}
	return nil
}

// stmtRemoveFavorite unstars list ($2, $3) for fan $1.
const stmtRemoveFavorite = `DELETE FROM favorites WHERE user_id = $1 AND list_user_id = $2 AND list_id = $3`

// RemoveFavorite unstars a list, if it was starred: on PostgreSQL one statement on the
// marks' pool.
func (s *Store) RemoveFavorite(ctx context.Context, userID, ownerID, listID string) error {
	var err error
	if s.marks != nil {
		_, err = s.marks.ExecContext(ctx, stmtRemoveFavorite, userID, ownerID, listID)
	} else {
		err = s.batched(ctx, func(ctx context.Context, tx dbtx) error {
			_, err := tx.ExecContext(ctx, stmtRemoveFavorite, userID, ownerID, listID)
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("remove favorite: %w", err)
	}
	return nil
}

// Favorites lists userID's starred lists that they can still see, newest star first.
// Deleted lists are gone by cascade; lists their owners made private are skipped.
func (s *Store) Favorites(ctx context.Context, userID string) ([]model.Favorite, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT l.user_id, l.id, l.name, f.favorited_at
		FROM favorites f JOIN lists l ON l.user_id = f.list_user_id AND l.id = f.list_id
		WHERE f.user_id = $1 AND `+visibleTo("$1")+`
		ORDER BY f.favorited_at DESC, l.id`, userID)
	return rowsOf(rows, err, "list favorites", func(rows *sql.Rows) (f model.Favorite, err error) {
		var at int64
		err = rows.Scan(&f.UserID, &f.ListID, &f.Name, &at)
		f.FavoritedAt = fromMillis(at)
		return f, err
	})
}
