package lists

import (
	"context"
	"time"

	"castaway/internal/limits"
)

// ShareDrawPerClient bounds the share images one client address may have drawn; answers
// from the browser's cache (304) are not counted.
var ShareDrawPerClient = limits.Limit{Name: "share-image-ip", Max: 60, Window: time.Minute,
	Message: "Too many images requested. Please wait a minute and try again."}

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
