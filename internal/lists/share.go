package lists

import (
	"context"
	"time"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// ShareDrawPerClient bounds the share images one client address may have drawn; answers
// from the browser's cache (304) are not counted.
var ShareDrawPerClient = limits.Limit{Name: "share-image-ip", Max: 60, Window: time.Minute,
	Message: problem.MsgTooManyImages}

// ShareImage is the list ownerID/listID for its share image, when a may see it
// (ErrNoSuchList otherwise). Unless held says a holds its drawing already (a
// revalidation, which costs nothing), the drawing a is about to get counts against
// ShareDrawPerClient, where every node sees it; draw tells which.
func (s *Service) ShareImage(ctx context.Context, a model.Actor, ownerID, listID string, held func(*model.List) bool) (l *model.List, draw bool, err error) {
	l, err = s.store.List(ctx, ownerID, listID)
	if err == nil {
		l, err = Shown(l, model.Viewer{ID: a.UserID()})
	}
	if err != nil {
		return nil, false, store.NotFoundAs(err, ErrNoSuchList)
	}
	if held(l) {
		return l, false, nil
	}
	if err := s.TakeShareDraw(ctx, a.Client); err != nil {
		return nil, false, err
	}
	return l, true, nil
}

// TakeShareDraw counts one share image drawn for client: a problem (429) past
// ShareDrawPerClient. It is counted where every node sees it.
func (s *Service) TakeShareDraw(ctx context.Context, client string) error {
	now := s.now()
	st, err := s.store.HitRateLimit(ctx, ShareDrawPerClient.Hit(client), now)
	if err != nil {
		return err
	}
	if !st.Allowed {
		return ShareDrawPerClient.Exceeded(st.TAT, now)
	}
	return nil
}
