package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"castaway/internal/model"
)

const userColumns = `id, COALESCE(email, ''), display_name, COALESCE(password_hash, ''), idols_found, created_at, is_admin, filter_count,
	email_verified, password_removed_at IS NOT NULL, notify_followed_lists, following_count`

func scanUser(row interface{ Scan(...any) error }) (*model.User, error) {
	var u model.User
	var created int64
	if err := row.Scan(&u.ID, &u.Email, &u.DisplayName, &u.PasswordHash, &u.IdolsFound, &created, &u.IsAdmin, &u.Filters,
		&u.EmailVerified, &u.PasswordRemoved, &u.NotifyFollowedLists, &u.Following); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	u.CreatedAt = fromMillis(created)
	return &u, nil
}

// ErrEmailTaken and ErrNameTaken say which unique rule a new or renamed user
// broke; both are also ErrConflict.
var (
	ErrEmailTaken = fmt.Errorf("email taken: %w", ErrConflict)
	ErrNameTaken  = fmt.Errorf("display name taken: %w", ErrConflict)
)

// userConflict names the unique rule a write of user id with the given name and
// email keys broke: PostgreSQL names the index; on SQLite, whose failed statement
// leaves the transaction usable, the keys are looked up.
func userConflict(ctx context.Context, db execer, err error, id, nameKey, emailKey string) error {
	switch pgConstraint(err) {
	case "users_name_key":
		return ErrNameTaken
	case "users_email_key":
		return ErrEmailTaken
	case "":
		var nameTaken, emailTaken bool
		if err := db.QueryRowContext(ctx, `SELECT
			EXISTS (SELECT 1 FROM users WHERE name_key = $1 AND id <> $3),
			EXISTS (SELECT 1 FROM users WHERE email_key = $2 AND id <> $3)`, nameKey, emailKey, id).
			Scan(&nameTaken, &emailTaken); err != nil {
			return fmt.Errorf("find taken user key: %w", err)
		}
		switch {
		case nameTaken:
			return ErrNameTaken
		case emailTaken:
			return ErrEmailTaken
		}
	}
	return ErrConflict
}

// CreateUser inserts u. ErrEmailTaken or ErrNameTaken (both ErrConflict) mean the
// email (compared case-insensitively) or the display name (its look-alike key) is taken.
func (s *Store) CreateUser(ctx context.Context, u *model.User) error {
	return createUser(ctx, s.db, u)
}

func createUser(ctx context.Context, db execer, u *model.User) error {
	var email, emailKey, hash any
	if u.Email != "" {
		email, emailKey = u.Email, model.FoldKey(u.Email)
	}
	if u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	_, err := db.ExecContext(ctx, `INSERT INTO users (id, email, email_key, display_name, name_key, password_hash, idols_found, created_at, email_verified)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		u.ID, email, emailKey, u.DisplayName, model.NameKey(u.DisplayName), hash, u.IdolsFound, millis(u.CreatedAt), u.EmailVerified && u.Email != "")
	if isUniqueViolation(err) {
		return userConflict(ctx, db, err, u.ID, model.NameKey(u.DisplayName), model.FoldKey(u.Email))
	}
	if err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

// execer is what *sql.DB and *sql.Tx share for writes.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// UserByID finds a user, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id string) (*model.User, error) {
	return scanUser(s.rdb.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
}

// UserByEmail finds a user by email, case-insensitively, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*model.User, error) {
	return scanUser(s.rdb.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email_key = $1`, model.FoldKey(email)))
}

// NameKeysWithPrefix returns the display names' look-alike keys (model.NameKey) that
// start with prefix's, so a free variant can be picked.
func (s *Store) NameKeysWithPrefix(ctx context.Context, prefix string) (map[string]bool, error) {
	return nameKeysWithPrefix(ctx, s.rdb, prefix)
}

func nameKeysWithPrefix(ctx context.Context, db querier, prefix string) (map[string]bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT name_key FROM users WHERE name_key LIKE $1 ESCAPE '\'`,
		likeEscaper.Replace(model.NameKey(prefix))+"%")
	return setOf(stringsOf(rows, err, "display names"))
}

// RenameUser sets a user's display name, and tells whether it changed: a name (and key)
// they have already writes nothing, so nothing that shows it is renewed. The unique index
// decides races: ErrNameTaken when another user's name has the same look-alike key.
// What shows their name follows it in the same transaction (nameChanged).
func (s *Store) RenameUser(ctx context.Context, id, name string) (changed bool, err error) {
	key := model.NameKey(name)
	err = s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET display_name = $2, name_key = $3
			WHERE id = $1 AND (display_name <> $2 OR name_key <> $3)`, id, name, key)
		if isUniqueViolation(err) {
			return userConflict(ctx, tx, err, id, key, "")
		}
		if err != nil {
			return fmt.Errorf("rename user: %w", err)
		}
		n, _ := res.RowsAffected()
		if changed = n > 0; !changed {
			return userExists(ctx, tx, id)
		}
		if err := s.nameChanged(ctx, tx, id); err != nil {
			return err
		}
		// The leaderboards they are on too (not in nameChanged: the migrations that
		// rename look-alikes run before there are any).
		return boardsOfUser(ctx, tx, id)
	})
	return changed, err
}

// userExists is nil when user id exists, ErrNotFound when not.
func userExists(ctx context.Context, tx *sql.Tx, id string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("look up user: %w", err)
	}
	return nil
}

// nameChanged brings what shows user id's name up to their new one in tx: their lists'
// search rows, and the threads they wrote in (StmtThreadsOfAuthorChanged).
func (s *Store) nameChanged(ctx context.Context, tx *sql.Tx, id string) error {
	if err := s.reindexSearch(ctx, tx, `l.user_id = $1`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, StmtThreadsOfAuthorChanged, id); err != nil {
		return fmt.Errorf("renew threads: %w", err)
	}
	return nil
}
