package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// ReplaceGameFiles puts files in place of whatever copy was imported before, in one
// transaction: a reader sees the old copy or the new one, never a mix.
func (s *Store) ReplaceGameFiles(ctx context.Context, files map[string][]byte, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM game_files`); err != nil {
			return fmt.Errorf("replace game files: %w", err)
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

// AddGameRecords appends records after every record there, together. Two moderators
// recording at once cannot both take a place: the later gets ErrRecordRace.
func (s *Store) AddGameRecords(ctx context.Context, records []model.GameRecord) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var last int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM game_records`).Scan(&last); err != nil {
			return fmt.Errorf("add game record: %w", err)
		}
		for i, r := range records {
			_, err := tx.ExecContext(ctx, `INSERT INTO game_records (seq, season, file, body, recorded_by, recorded_at)
				VALUES ($1, $2, $3, $4, $5, $6)`, last+int64(i)+1, r.Season, r.File, string(r.Body), r.By, millis(r.At))
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

// DeleteGameRecord takes back record seq (a moderator's undo); false when there is none.
func (s *Store) DeleteGameRecord(ctx context.Context, seq int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM game_records WHERE seq = $1`, seq)
	if err != nil {
		return false, fmt.Errorf("delete game record: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
