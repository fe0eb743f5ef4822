package global_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A ballot goes into an open poll that exists, and moves its results; a closed or
// missing poll refuses it.
func TestServiceSubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		cat := catalog.MustLoad()
		svc := global.NewService(st, cat, limits.NewWrites(nil, st, time.Now), nil)
		u := &model.User{ID: "ann", Email: "ann@example.com", DisplayName: "ann", CreatedAt: time.Now()}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		ann := model.Actor{User: u, Client: "192.0.2.1"}
		for _, p := range []*model.Poll{{ID: "open", Title: "Open", SeasonID: "s48", IsOpen: true}, {ID: "closed", Title: "Closed", SeasonID: "s48"}} {
			if err := st.AddPoll(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		season, _ := cat.Season("s48")
		first := season.Contestants[0].ID
		ranking, _ := json.Marshal([]any{first, nil, nil, nil, nil, nil, nil, nil, nil, nil})
		if _, err := svc.Submit(ctx, ann, "gone", ranking); !errors.Is(err, global.ErrPollNotFound) {
			t.Errorf("missing poll: %v", err)
		}
		if _, err := svc.Submit(ctx, ann, "closed", ranking); !errors.Is(err, global.ErrClosed) {
			t.Errorf("closed poll: %v", err)
		}
		if _, b, err := svc.Ballot(ctx, ann, "open"); err != nil || b != nil {
			t.Fatalf("no ballot yet: %+v %v", b, err)
		}
		res, err := svc.Submit(ctx, ann, "open", ranking)
		if err != nil || res.Poll.Submissions != 1 || len(res.Top) != 1 || res.Top[0].ContestantID != first || res.Top[0].TotalScore != 10 {
			t.Fatalf("submit: %+v %v", res, err)
		}
		if _, b, err := svc.Ballot(ctx, ann, "open"); err != nil || b == nil || b.Ranking[0] != first {
			t.Fatalf("ballot: %+v %v", b, err)
		}
	})
}
