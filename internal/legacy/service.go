package legacy

import (
	"context"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service reads and replaces the record; internal/app builds it once.
type Service struct {
	store   *store.Store
	catalog *catalog.Catalog
	writes  *limits.Writes
	hub     *notify.Hub
	now     func() time.Time
}

// NewService keeps the record in st, checks its items against cat, counts saves in
// writes and tells every node's live streams of a change through hub.
func NewService(st *store.Store, cat *catalog.Catalog, writes *limits.Writes, hub *notify.Hub) *Service {
	return &Service{store: st, catalog: cat, writes: writes, hub: hub, now: time.Now}
}

// Record is the record as it stands (the earlier product's, until first saved here).
func (s *Service) Record(ctx context.Context) (*model.LegacyRecord, error) {
	return s.store.LegacyRecord(ctx, s.now())
}

// Save replaces the record with in, by a, and wakes the streams that show it. Saves
// count against a's save limits once the record is valid.
func (s *Service) Save(ctx context.Context, a model.Actor, in Input) (*model.LegacyRecord, error) {
	lists, err := Validate(s.catalog, in)
	if err != nil {
		return nil, err
	}
	if err := s.writes.Take(ctx, a.UserID(), a.Client, SavePerUser, SavePerClient); err != nil {
		return nil, err
	}
	rec := &model.LegacyRecord{Lists: lists, LastUpdated: s.now().UTC()}
	if err := s.store.SaveLegacyRecord(ctx, rec); err != nil {
		return nil, err
	}
	s.hub.PublishLegacy(context.WithoutCancel(ctx))
	return rec, nil
}
