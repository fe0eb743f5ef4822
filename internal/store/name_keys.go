package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// goSteps are the migrations that need Go after their SQL, by version; each runs in its
// migration's transaction.
var goSteps = map[int]func(s *Store, ctx context.Context, tx *sql.Tx) error{
	66: (*Store).rekeyNames,
	88: (*Store).rekeyNames,
}

// rekeyBatch is how many users rekeyNames reads and writes at a time.
const rekeyBatch = 500

// rekeyNames gives every user's name_key its look-alike key (migrations 66 and 88), and
// makes each run of spaces in a name one, as names are now stored. Users are read oldest
// first, in batches: each takes its key unless an older user's name has it. Then each
// user who lost theirs, oldest first, is renamed to the first free numbered variant of
// their name (as sign-up and the importer do), so the older name is the one that stays.
// Whoever is renamed has their lists' search rows follow. Only the losers are held in memory.
func (s *Store) rekeyNames(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET name_key = NULL`); err != nil {
		return fmt.Errorf("clear name keys: %w", err)
	}
	type user struct {
		id, name string
		created  int64
		respaced bool // its name had runs of spaces, now one
	}
	var losers []user
	after := user{created: math.MinInt64}
	for {
		rows, err := tx.QueryContext(ctx, `SELECT id, display_name, created_at FROM users
			WHERE created_at > $1 OR (created_at = $1 AND id > $2) ORDER BY created_at, id LIMIT `+strconv.Itoa(rekeyBatch),
			after.created, after.id)
		if err != nil {
			return fmt.Errorf("read names: %w", err)
		}
		var batch []user
		for rows.Next() {
			var u user
			if err := rows.Scan(&u.id, &u.name, &u.created); err != nil {
				rows.Close()
				return fmt.Errorf("read names: %w", err)
			}
			if name := model.CollapseSpaces(u.name); name != u.name {
				u.name, u.respaced = name, true
			}
			batch = append(batch, u)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read names: %w", err)
		}
		if len(batch) == 0 {
			break
		}
		after = batch[len(batch)-1]
		keys := make([]string, len(batch))
		for i, u := range batch {
			keys[i] = model.NameKey(u.name)
		}
		taken, err := nameKeysIn(ctx, tx, keys)
		if err != nil {
			return err
		}
		var set []any // id, key, id, key, ...
		for i, u := range batch {
			if taken[keys[i]] {
				losers = append(losers, u)
				continue
			}
			taken[keys[i]] = true
			if u.respaced {
				if err := s.rekeyedName(ctx, tx, u.id, u.name); err != nil {
					return err
				}
				continue
			}
			set = append(set, u.id, keys[i])
		}
		if err := setNameKeys(ctx, tx, set); err != nil {
			return err
		}
	}
	for _, u := range losers {
		taken, err := nameKeysWithPrefix(ctx, tx, model.TruncateName(u.name, model.MaxNameLength-6))
		if err != nil {
			return err
		}
		if err := s.rekeyedName(ctx, tx, u.id, model.NameVariant(u.name, taken)); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DROP INDEX users_rekey_order`); err != nil {
		return fmt.Errorf("drop rekey index: %w", err)
	}
	return nil
}

// rekeyedName gives user id the display name name and its key; what shows it follows.
func (s *Store) rekeyedName(ctx context.Context, tx *sql.Tx, id, name string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET display_name = $2, name_key = $3 WHERE id = $1`,
		id, name, model.NameKey(name)); err != nil {
		return fmt.Errorf("rename look-alike %s: %w", id, err)
	}
	return s.nameChanged(ctx, tx, id)
}

// nameKeysIn returns which of keys a user already has.
func nameKeysIn(ctx context.Context, tx *sql.Tx, keys []string) (map[string]bool, error) {
	args := make([]any, len(keys))
	marks := make([]string, len(keys))
	for i, k := range keys {
		args[i], marks[i] = k, "$"+strconv.Itoa(i+1)
	}
	rows, err := tx.QueryContext(ctx, `SELECT name_key FROM users WHERE name_key IN (`+strings.Join(marks, ", ")+`)`, args...)
	return setOf(stringsOf(rows, err, "read name keys"))
}

// setNameKeys writes name keys given as id, key pairs, in one statement.
func setNameKeys(ctx context.Context, tx *sql.Tx, pairs []any) error {
	if len(pairs) == 0 {
		return nil
	}
	var cases, ids []string
	for i := 0; i < len(pairs); i += 2 {
		id, key := "$"+strconv.Itoa(i+1), "$"+strconv.Itoa(i+2)
		cases = append(cases, "WHEN "+id+" THEN "+key)
		ids = append(ids, id)
	}
	_, err := tx.ExecContext(ctx, `UPDATE users SET name_key = CASE id `+strings.Join(cases, " ")+` END
		WHERE id IN (`+strings.Join(ids, ", ")+`)`, pairs...)
	if err != nil {
		return fmt.Errorf("write name keys: %w", err)
	}
	return nil
}
