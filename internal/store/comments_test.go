package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func addComment(t *testing.T, s *store.Store, author *model.User, listUserID, listID, parentID, text string, at time.Time) *model.Comment {
	t.Helper()
	c := &model.Comment{ID: model.NewID(), ListUserID: listUserID, ListID: listID, UserID: author.ID, ParentID: parentID, Text: text, CreatedAt: at}
	if _, err := s.CreateComment(context.Background(), c, nil); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCommentThread(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := communityUser(t, s, "Owner"), communityUser(t, s, "Fan")
		t0 := time.UnixMilli(1_700_000_000_000)
		first := addComment(t, s, fan, owner.ID, "list_1", "", "first", t0)
		addComment(t, s, owner, owner.ID, "list_1", first.ID, "reply", t0.Add(time.Second))
		addComment(t, s, owner, owner.ID, "list_1", "", "second", t0.Add(2*time.Second))
		addComment(t, s, owner, owner.ID, "list_2", "", "other list", t0)
		addComment(t, s, owner, "", "season-48", "", "on the poll", t0)

		if _, err := s.SetCommentVote(ctx, first.ID, owner.ID, -1, nil); err != nil {
			t.Fatal(err)
		}
		thread, err := s.CommentThread(ctx, owner.ID, "list_1", owner.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		for _, c := range thread {
			got += fmt.Sprintf("%s/%s/%v/%d ", c.Text, c.UserName, c.ParentID == first.ID, c.MyVote)
		}
		if want := "second/Owner/false/0 reply/Owner/true/0 first/Fan/false/-1 "; got != want {
			t.Fatalf("thread %q, want %q", got, want)
		}
		if !thread[2].CreatedAt.Equal(t0) || thread[2].Downvotes != 1 {
			t.Fatalf("first comment %+v", thread[2])
		}
		// Signed out: no votes of one's own.
		if thread, _ = s.CommentThread(ctx, owner.ID, "list_1", ""); thread[2].MyVote != 0 {
			t.Fatalf("signed-out vote %d", thread[2].MyVote)
		}
		if poll, err := s.CommentThread(ctx, "", "season-48", ""); err != nil || len(poll) != 1 || poll[0].Text != "on the poll" {
			t.Fatalf("poll thread %+v, %v", poll, err)
		}

		// The author's current name shows; once the account is gone, no name.
		if _, err := s.DB().Exec(`UPDATE users SET display_name = 'Fan Renamed', name_key = 'fan renamed' WHERE id = $1`, fan.ID); err != nil {
			t.Fatal(err)
		}
		if c, err := s.CommentByID(ctx, first.ID, ""); err != nil || c.UserName != "Fan Renamed" {
			t.Fatalf("renamed author %+v, %v", c, err)
		}
		if _, err := s.DB().Exec(`DELETE FROM users WHERE id = $1`, fan.ID); err != nil {
			t.Fatal(err)
		}
		if c, err := s.CommentByID(ctx, first.ID, ""); err != nil || c.UserName != "" || c.UserID != "" || c.Text != "first" {
			t.Fatalf("gone author %+v, %v", c, err)
		}
		if _, err := s.CommentByID(ctx, "nope", ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing comment: %v", err)
		}
	})
}

func TestDeleteCommentTakesRepliesAlong(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := communityUser(t, s, "Owner"), communityUser(t, s, "Fan")
		top := addComment(t, s, owner, owner.ID, "list_1", "", "top", time.Now())
		reply := addComment(t, s, fan, owner.ID, "list_1", top.ID, "reply", time.Now())
		keep := addComment(t, s, fan, owner.ID, "list_1", "", "keep", time.Now())
		if _, err := s.SetCommentVote(ctx, reply.ID, owner.ID, 1, nil); err != nil {
			t.Fatal(err)
		}

		if err := s.DeleteComment(ctx, top.ID); err != nil {
			t.Fatal(err)
		}
		thread, err := s.CommentThread(ctx, owner.ID, "list_1", "")
		if err != nil || len(thread) != 1 || thread[0].ID != keep.ID {
			t.Fatalf("thread after delete %+v, %v", thread, err)
		}
		var votes int
		s.DB().QueryRow(`SELECT COUNT(*) FROM comment_votes`).Scan(&votes)
		if votes != 0 {
			t.Fatalf("%d votes outlived their comment", votes)
		}
		if err := s.DeleteComment(ctx, top.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		// A reply to a comment deleted meanwhile is refused, not orphaned.
		c := &model.Comment{ID: model.NewID(), ListUserID: owner.ID, ListID: "list_1", UserID: fan.ID, ParentID: top.ID, Text: "late", CreatedAt: time.Now()}
		if _, err := s.CreateComment(ctx, c, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("reply to a deleted comment: %v", err)
		}
	})
}

func TestCommentVotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		author, fan := communityUser(t, s, "Author"), communityUser(t, s, "Fan")
		c := addComment(t, s, author, "owner", "list_1", "", "hot take", time.Now())
		note := func() *model.Notification {
			return &model.Notification{ID: model.NewID(), UserID: author.ID, Type: "comment_like", CreatedByName: "Fan",
				CommentID: c.ID, DedupeKey: "comment_like:" + fan.ID + ":" + c.ID, CreatedAt: time.Now()}
		}
		steps := []struct {
			value          int
			up, down, mine int
			notified       int
		}{
			{1, 1, 0, 1, 1},
			{1, 1, 0, 1, 0},   // repeated: no change
			{-1, 0, 1, -1, 0}, // switching moves the vote
			{0, 0, 0, 0, 0},   // removed
			{1, 1, 0, 1, 0},   // upvoting again does not notify twice
			{0, 0, 0, 0, 0},
		}
		for i, st := range steps {
			voted, err := s.SetCommentVote(ctx, c.ID, fan.ID, st.value, note())
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.CommentByID(ctx, c.ID, fan.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Upvotes != st.up || got.Downvotes != st.down || got.MyVote != st.mine || len(voted.Notified) != st.notified {
				t.Fatalf("step %d (vote %d): %d up %d down mine %d, notified %v", i, st.value, got.Upvotes, got.Downvotes, got.MyVote, voted.Notified)
			}
			// The vote answers the counts it left, as a read after it finds them.
			if voted.Upvotes != got.Upvotes || voted.Downvotes != got.Downvotes {
				t.Fatalf("step %d (vote %d): the vote answered %d up %d down, the comment has %d and %d", i, st.value, voted.Upvotes, voted.Downvotes, got.Upvotes, got.Downvotes)
			}
		}
		if _, err := s.SetCommentVote(ctx, "nope", fan.ID, 1, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("vote on a missing comment: %v", err)
		}
	})
}

func TestConcurrentCommentVotesCountExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		author := communityUser(t, s, "Author")
		c := addComment(t, s, author, "owner", "list_1", "", "hot take", time.Now())
		const voters = 30
		var wg sync.WaitGroup
		errs := make(chan error, voters*3)
		for i := range voters {
			u := communityUser(t, s, fmt.Sprintf("Voter %d", i))
			// Each voter sends the same vote twice and, for every third, a downvote too, all at once.
			values := []int{1, 1}
			if i%3 == 0 {
				values = append(values, -1)
			}
			for _, v := range values {
				wg.Go(func() {
					_, err := s.SetCommentVote(ctx, c.ID, u.ID, v, nil)
					errs <- err
				})
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		var up, down int
		s.DB().QueryRow(`SELECT COUNT(*) FROM comment_votes WHERE comment_id = $1 AND value = 1`, c.ID).Scan(&up)
		s.DB().QueryRow(`SELECT COUNT(*) FROM comment_votes WHERE comment_id = $1 AND value = -1`, c.ID).Scan(&down)
		got, err := s.CommentByID(ctx, c.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if up+down != voters || got.Upvotes != up || got.Downvotes != down {
			t.Fatalf("rows %d up %d down, counters %d up %d down", up, down, got.Upvotes, got.Downvotes)
		}
	})
}
