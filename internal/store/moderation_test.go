package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// verifyAll fails the test when any kept-in-step count differs from a recount.
func verifyAll(t *testing.T, s *store.Store, when string) {
	t.Helper()
	if problems, err := s.VerifyAggregates(context.Background()); err != nil || len(problems) > 0 {
		t.Fatalf("verify %s: %v %v", when, problems, err)
	}
	assertRecounted(t, s)
}

func report(t *testing.T, s *store.Store, reporterID, kind, key, reason, text string) {
	t.Helper()
	if err := s.AddReport(context.Background(), model.Report{ReporterID: reporterID, Kind: kind, Key: key,
		Reason: reason, Text: text, CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

func moderate(t *testing.T, s *store.Store, admin *model.User, action, kind, key string) *model.ReportTarget {
	t.Helper()
	target, err := s.Moderate(context.Background(), &model.Action{ID: action + key + time.Now().String(), AdminID: admin.ID,
		AdminName: admin.DisplayName, Action: action, Kind: kind, Key: key, CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return target
}

// A hidden list leaves browse and its counts as a private one would; the owner's edits
// keep it hidden; restoring gives back the owner's choice. Reports are one per user,
// grouped per target with their reasons, and every action is logged.
func TestHideAndRestoreList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cal := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cal")
		l, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Villains", "Russell Hantz"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		total := func() int {
			t.Helper()
			page, err := s.BrowsePage(ctx, model.BrowseQuery{Type: model.TypeAll, Sort: model.SortNewest, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			return page.Total
		}
		if total() != 1 {
			t.Fatal("the list is not browsable before it is hidden")
		}
		key := store.ListKey(ann.ID, l.ID)
		report(t, s, ben.ID, store.KindList, key, "spam", "")
		report(t, s, cal.ID, store.KindList, key, "other", "Copied from my list")
		err = s.AddReport(ctx, model.Report{ReporterID: ben.ID, Kind: store.KindList, Key: key, Reason: "harassment", CreatedAt: time.Now()})
		if !errors.Is(err, store.ErrAlreadyReported) {
			t.Fatalf("a second report by the same user: %v", err)
		}
		queue, _, err := s.ReportQueue(ctx, "open", "", 30)
		if err != nil || len(queue) != 1 {
			t.Fatalf("queue %+v %v", queue, err)
		}
		if q := queue[0]; q.Count != 2 || q.Spam != 1 || q.Other != 1 || q.Harassment != 0 || q.Title != "Villains" ||
			q.AuthorName != "Ann" || len(q.Texts) != 1 || q.Texts[0] != "Copied from my list" {
			t.Fatalf("queue entry %+v", q)
		}

		if got := moderate(t, s, cal, store.ActionHide, store.KindList, key); got.Status != "hidden" {
			t.Fatalf("status after hiding: %q", got.Status)
		}
		if total() != 0 {
			t.Error("a hidden list is still browsable")
		}
		verifyAll(t, s, "after hiding")
		hidden, err := s.List(ctx, ann.ID, l.ID)
		if err != nil || !hidden.Hidden || !hidden.IsPublic || hidden.Listed() {
			t.Fatalf("hidden list as read: %+v %v", hidden, err)
		}
		// The owner edits it: it stays hidden.
		if _, err := s.UpdateList(ctx, ann.ID, l.ID, listContent("Villains!", "Russell Hantz"), listT0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if total() != 0 {
			t.Error("editing a hidden list made it browsable")
		}
		verifyAll(t, s, "after editing a hidden list")

		moderate(t, s, cal, store.ActionRestore, store.KindList, key)
		if total() != 1 {
			t.Error("a restored list is not browsable")
		}
		verifyAll(t, s, "after restoring")
		// New reports reopen a restored target.
		dan := listUser(t, s, "Dan")
		report(t, s, dan.ID, store.KindList, key, "spoiler", "")
		if queue, _, _ := s.ReportQueue(ctx, "open", "", 30); len(queue) != 1 || queue[0].Count != 3 {
			t.Fatalf("a new report did not reopen the target: %+v", queue)
		}
		log, _, err := s.ModerationLog(ctx, "", 50)
		if err != nil || len(log) != 2 || log[0].Action != store.ActionRestore || log[1].Action != store.ActionHide ||
			log[1].Title != "Villains" || log[1].AdminName != "Cal" {
			t.Fatalf("moderation log %+v %v", log, err)
		}
		if _, err := s.Moderate(ctx, &model.Action{ID: "x", Action: store.ActionHide, Kind: store.KindList, Key: "nobody/none",
			CreatedAt: time.Now()}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("moderating what nobody reported: %v", err)
		}
	})
}

// A hidden comment leaves its list's comment count, with its replies; deleting or
// restoring it keeps the count as a recount finds it.
func TestHiddenCommentsLeaveTheCount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		l, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Heroes", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		add := func(id, parent string) {
			t.Helper()
			if _, err := s.CreateComment(ctx, &model.Comment{ID: id, ListUserID: ann.ID, ListID: l.ID, UserID: ben.ID,
				ParentID: parent, Text: id, CreatedAt: time.Now()}, nil); err != nil {
				t.Fatal(err)
			}
		}
		count := func() int {
			t.Helper()
			got, err := s.List(ctx, ann.ID, l.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.CommentCount
		}
		add("c1", "")
		add("c1r1", "c1")
		add("c1r2", "c1")
		add("c2", "")
		report(t, s, ann.ID, store.KindComment, "c1r1", "harassment", "")
		report(t, s, ann.ID, store.KindComment, "c1", "harassment", "")
		moderate(t, s, ann, store.ActionHide, store.KindComment, "c1r1")
		if n := count(); n != 3 {
			t.Errorf("after hiding a reply: %d comments, want 3", n)
		}
		moderate(t, s, ann, store.ActionHide, store.KindComment, "c1")
		if n := count(); n != 1 {
			t.Errorf("after hiding its parent: %d comments, want 1", n)
		}
		verifyAll(t, s, "after hiding")
		add("c3", "")
		moderate(t, s, ann, store.ActionRestore, store.KindComment, "c1")
		if n := count(); n != 4 {
			t.Errorf("after restoring the parent: %d comments, want 4 (the hidden reply stays out)", n)
		}
		verifyAll(t, s, "after restoring")
		if err := s.DeleteComment(ctx, "c1"); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 2 {
			t.Errorf("after deleting the restored comment: %d, want 2", n)
		}
		verifyAll(t, s, "after deleting")
		c, err := s.CommentByID(ctx, "c2", "")
		if err != nil || c.Hidden {
			t.Fatalf("a comment nobody hid: %+v %v", c, err)
		}
	})
}

// Blocks are idempotent and counted in the blocker's filters; a blocked user notifies
// nobody who blocked them; what a reader left out is found among a page's candidates.
func TestBlocksAndWhatAReaderLeavesOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cal := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cal")
		for range 2 {
			if err := s.Block(ctx, ann.ID, ben.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Block(ctx, ann.ID, "nobody", time.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("blocking nobody: %v", err)
		}
		if u, _ := s.UserByID(ctx, ann.ID); u.Filters != 1 {
			t.Errorf("filters after one block: %d", u.Filters)
		}
		blocks, err := s.Blocks(ctx, ann.ID)
		if err != nil || len(blocks) != 1 || blocks[0].UserID != ben.ID || blocks[0].DisplayName != "Ben" {
			t.Fatalf("blocks %+v %v", blocks, err)
		}
		if b, _ := s.Blocked(ctx, ben.ID, cal.ID, ann.ID); !b {
			t.Error("Ben is not blocked by Ann")
		}
		if b, _ := s.Blocked(ctx, ann.ID, ben.ID); b {
			t.Error("a block works both ways")
		}
		l, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Heroes", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		note := func(actor *model.User, id string) *model.Notification {
			return &model.Notification{ID: id, UserID: ann.ID, Type: "comment", ActorID: actor.ID, CreatedByName: actor.DisplayName,
				Content: "Heroes", ListUserID: ann.ID, ListID: l.ID, CreatedAt: time.Now()}
		}
		notified, err := s.CreateComment(ctx, &model.Comment{ID: "b1", ListUserID: ann.ID, ListID: l.ID, UserID: ben.ID,
			Text: "hi", CreatedAt: time.Now()}, []*model.Notification{note(ben, "n1")})
		if err != nil || len(notified) != 0 {
			t.Fatalf("a blocked user notified their blocker: %v %v", notified, err)
		}
		if notified, _ = s.CreateComment(ctx, &model.Comment{ID: "c1", ListUserID: ann.ID, ListID: l.ID, UserID: cal.ID,
			Text: "hi", CreatedAt: time.Now()}, []*model.Notification{note(cal, "n2")}); len(notified) != 1 {
			t.Fatalf("Cal's comment notified %v", notified)
		}
		report(t, s, ann.ID, store.KindComment, "c1", "spam", "")
		unseen, err := s.UnseenAmong(ctx, ann.ID, []string{ben.ID, cal.ID}, []string{store.ListKey(cal.ID, "x")}, []string{"b1", "c1"})
		if err != nil {
			t.Fatal(err)
		}
		if !unseen.Hides(ben.ID, "", "b1") || !unseen.Hides(cal.ID, "", "c1") || unseen.Hides(cal.ID, store.ListKey(cal.ID, "x"), "") {
			t.Errorf("unseen %+v", unseen)
		}
		if err := s.Unblock(ctx, ann.ID, ben.ID); err != nil {
			t.Fatal(err)
		}
		if u, _ := s.UserByID(ctx, ann.ID); u.Filters != 1 { // the report remains
			t.Errorf("filters after unblocking: %d", u.Filters)
		}
	})
}

// Deleting an account takes everything it owns and keeps every count right; its
// comments others replied to stay as '[deleted]'.
func TestDeleteAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		annList, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Ann's", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		benList, err := s.CreateList(ctx, ben.ID, lists.IDs(listT0), listContent("Ben's", "Parvati Shallow"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		comment := func(id, author, parent string) {
			t.Helper()
			if _, err := s.CreateComment(ctx, &model.Comment{ID: id, ListUserID: ben.ID, ListID: benList.ID, UserID: author,
				ParentID: parent, Text: "text " + id, CreatedAt: time.Now()}, nil); err != nil {
				t.Fatal(err)
			}
		}
		comment("a1", ann.ID, "")   // Ben replies: stays as [deleted]
		comment("b1", ben.ID, "a1") //
		comment("a2", ann.ID, "")   // nobody replies: goes
		comment("b2", ben.ID, "")   //
		comment("a3", ann.ID, "b2") // Ann's reply: goes
		if _, err := s.AddUpvote(ctx, ben.ID, benList.ID, ann.ID, time.Now(), false); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetCommentVote(ctx, "b2", ann.ID, -1, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateComment(ctx, &model.Comment{ID: "on-ann", ListUserID: ann.ID, ListID: annList.ID, UserID: ben.ID,
			Text: "nice", CreatedAt: time.Now()}, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[0], s48[1])); err != nil {
			t.Fatal(err)
		}
		if err := s.AddFavorite(ctx, ann.ID, ben.ID, benList.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := s.Block(ctx, ann.ID, ben.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		report(t, s, ann.ID, store.KindComment, "b2", "spam", "")

		if err := s.DeleteAccount(ctx, ann.ID); err != nil {
			t.Fatal(err)
		}
		verifyAll(t, s, "after deleting an account")
		if _, err := s.UserByID(ctx, ann.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the user remains: %v", err)
		}
		if _, err := s.List(ctx, ann.ID, annList.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("their list remains: %v", err)
		}
		kept, err := s.CommentByID(ctx, "a1", "")
		if err != nil || kept.Text != store.DeletedCommentText || kept.UserID != "" {
			t.Fatalf("a replied comment: %+v %v", kept, err)
		}
		for _, gone := range []string{"a2", "a3", "on-ann"} {
			if _, err := s.CommentByID(ctx, gone, ""); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("comment %s remains: %v", gone, err)
			}
		}
		got, err := s.List(ctx, ben.ID, benList.ID)
		if err != nil || got.UpvoteCount != 0 || got.CommentCount != 3 {
			t.Fatalf("Ben's list after: upvotes %d comments %d %v", got.UpvoteCount, got.CommentCount, err)
		}
		if c, _ := s.CommentByID(ctx, "b2", ""); c.Downvotes != 0 {
			t.Errorf("Ann's downvote remains counted: %d", c.Downvotes)
		}
		if p, _ := s.Poll(ctx, "season-48"); p.Submissions != 0 {
			t.Errorf("Ann's ballot remains: %d", p.Submissions)
		}
		if queue, _, _ := s.ReportQueue(ctx, "open", "", 30); len(queue) != 0 {
			t.Errorf("Ann's report remains in the queue: %+v", queue)
		}
		if err := s.DeleteAccount(ctx, ann.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleting again: %v", err)
		}
	})
}
