package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// legacyID is the record's row: there is only one.
const legacyID = 1

// StmtLegacyRecord reads the record ($1 is legacyID).
const StmtLegacyRecord = `SELECT data, last_updated FROM legacy_rankings WHERE id = $1`

// LegacyRecord reads the record, creating it empty (updated now) when it is missing.
func (s *Store) LegacyRecord(ctx context.Context, now time.Time) (*model.LegacyRecord, error) {
	rec, err := s.readLegacy(ctx, s.rdb)
	if errors.Is(err, ErrNotFound) {
		empty, _ := json.Marshal(model.LegacyLists{Maddys: []model.Item{}, Andrews: []model.Item{}, Kendalls: []model.Item{}})
		if _, err = s.db.ExecContext(ctx, `INSERT INTO legacy_rankings (id, data, last_updated) VALUES ($1, $2, $3)
			ON CONFLICT (id) DO NOTHING`, legacyID, string(empty), millis(now)); err != nil {
			return nil, fmt.Errorf("create legacy record: %w", err)
		}
		rec, err = s.readLegacy(ctx, s.db)
	}
	return rec, err
}

func (s *Store) readLegacy(ctx context.Context, db querier) (*model.LegacyRecord, error) {
	var data string
	var updated int64
	err := db.QueryRowContext(ctx, StmtLegacyRecord, legacyID).Scan(&data, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read legacy record: %w", err)
	}
	rec := &model.LegacyRecord{LastUpdated: fromMillis(updated)}
	if err := json.Unmarshal([]byte(data), &rec.Lists); err != nil {
		return nil, fmt.Errorf("legacy record data: %w", err)
	}
	for _, l := range []*[]model.Item{&rec.Lists.Maddys, &rec.Lists.Andrews, &rec.Lists.Kendalls} {
		if *l == nil {
			*l = []model.Item{}
		}
	}
	return rec, nil
}

// SaveLegacyRecord replaces the record's lists, updated at rec.LastUpdated.
func (s *Store) SaveLegacyRecord(ctx context.Context, rec *model.LegacyRecord) error {
	data, err := json.Marshal(rec.Lists)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO legacy_rankings (id, data, last_updated) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET data = excluded.data, last_updated = excluded.last_updated`,
		legacyID, string(data), millis(rec.LastUpdated)); err != nil {
		return fmt.Errorf("save legacy record: %w", err)
	}
	return nil
}
