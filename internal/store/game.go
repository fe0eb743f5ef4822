package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"castaway/internal/model"
)

// GameFiles are the survivoR files an operator imported, by name; none when the binary's
// own copy is in use.
func (s *Store) GameFiles(ctx context.Context) (map[string][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, body FROM game_files`)
	if err != nil {
		return nil, fmt.Errorf("read game files: %w", err)
	}
	defer rows.Close()
	files := map[string][]byte{}
	for rows.Next() {
		var name, body string
		if err := rows.Scan(&name, &body); err != nil {
			return nil, err
		}
		files[name] = []byte(body)
	}
	return files, rows.Err()
}

// ImportGame puts files in place of whatever copy was imported before and drops the
// records of seasons (survivoR's ids) the copy now has, in one transaction: a reader sees
// the old game or the new one, never a mix.
func (s *Store) ImportGame(ctx context.Context, files map[string][]byte, seasons []string, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM game_files`); err != nil {
			return fmt.Errorf("replace game files: %w", err)
		}
		for _, season := range seasons {
			if _, err := tx.ExecContext(ctx, `DELETE FROM game_records WHERE season = $1`, season); err != nil {
				return fmt.Errorf("drop records of %s: %w", season, err)
			}
		}
		for name, body := range files {
			if _, err := tx.ExecContext(ctx, `INSERT INTO game_files (name, body, imported_at) VALUES ($1, $2, $3)`,
				name, string(body), millis(at)); err != nil {
				return fmt.Errorf("import game file %s: %w", name, err)
			}
		}
		return nil
	})
}

// GameRecords are every record of the seasons on air, in the order they were made.
func (s *Store) GameRecords(ctx context.Context) ([]model.GameRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, season, file, body, recorded_by, recorded_at FROM game_records ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("read game records: %w", err)
	}
	defer rows.Close()
	var out []model.GameRecord
	for rows.Next() {
		var r model.GameRecord
		var body string
		var at int64
		if err := rows.Scan(&r.Seq, &r.Season, &r.File, &body, &r.By, &at); err != nil {
			return nil, err
		}
		r.Body, r.At = []byte(body), fromMillis(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// ErrRecordRace is a record that lost its place to another made at the same moment.
var ErrRecordRace = errors.New("another record was made at the same moment")

// AddGameRecords appends records, together, after record last (the newest the caller
// checked them against). When another record came in since, or comes in at the same
// moment, nothing is added and the answer is ErrRecordRace: the caller checks again.
func (s *Store) AddGameRecords(ctx context.Context, last int64, records []model.GameRecord) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var newest int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM game_records`).Scan(&newest); err != nil {
			return fmt.Errorf("add game record: %w", err)
		}
		if newest != last {
			return ErrRecordRace
		}
		for i, r := range records {
			_, err := tx.ExecContext(ctx, `INSERT INTO game_records (seq, batch, season, file, body, recorded_by, recorded_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, last+int64(i)+1, last+1, r.Season, r.File, string(r.Body), r.By, millis(r.At))
			if isUniqueViolation(err) {
				return ErrRecordRace
			}
			if err != nil {
				return fmt.Errorf("add game record: %w", err)
			}
		}
		return nil
	})
}

// DeleteLastGameBatch takes back the newest records of season that were made together
// and hold a row of file (a moderator's undo of the last boot); false when there are none.
func (s *Store) DeleteLastGameBatch(ctx context.Context, season, file string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM game_records WHERE batch =
		(SELECT MAX(batch) FROM game_records WHERE season = $1 AND file = $2)`, season, file)
	if err != nil {
		return false, fmt.Errorf("undo game records: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ItemsInUse are those of ids (contestants or seasons) that some list ranks: an
// operator's import must not take them away. It reads every list's items (no index
// holds them by id), once per import.
func (s *Store) ItemsInUse(ctx context.Context, ids []string) ([]string, error) {
	var used []string
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		args := make([]any, len(part))
		marks := make([]string, len(part))
		for i, id := range part {
			args[i], marks[i] = id, fmt.Sprintf("$%d", i+1)
		}
		in := strings.Join(marks, ", ")
		rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT item_id FROM list_items WHERE item_id IN (`+in+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("items in use: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			used = append(used, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return used, nil
}
