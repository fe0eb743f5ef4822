package store_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func suspend(t *testing.T, s *store.Store, userID string, until time.Time) {
	t.Helper()
	if err := s.Suspend(context.Background(), userID, model.Suspension{Since: time.Now(), Until: until, Reason: "spam"},
		&model.Action{ID: "s" + time.Now().String(), AdminName: "Mod", Action: store.ActionSuspend, CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// Suspending an account takes every list of its out of browse, search, the counts, the
// consensus and the remix counts, and hides its comments (and their replies) for others,
// all as the verify recount finds them; restoring brings back exactly what it took: a list
// a moderator hid, a private list and a comment a moderator hid stay out.
func TestSuspendAndRestoreAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		benList, err := s.CreateList(ctx, ben.ID, lists.IDs(listT0), listContent("Bens Heroes", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		public, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Anns Villains", "Russell Hantz", "Tom Westman"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		remix := listContent("Anns Remix", "Tom Westman")
		remix.RemixOf = model.ListRef{UserID: ben.ID, ListID: benList.ID}
		remixed, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0.Add(time.Second)), remix, listT0.Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		private := listContent("Anns Secret", "Tom Westman")
		private.IsPublic = false
		if _, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0.Add(2*time.Second)), private, listT0.Add(2*time.Second)); err != nil {
			t.Fatal(err)
		}
		modHidden, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0.Add(3*time.Second)), listContent("Anns Rant", "Tom Westman"), listT0.Add(3*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		report(t, s, ben.ID, store.KindList, store.ListKey(ann.ID, modHidden.ID), "spam", "")
		moderate(t, s, ben, store.ActionHide, store.KindList, store.ListKey(ann.ID, modHidden.ID))
		comment := func(id, author, parent string) {
			t.Helper()
			if _, err := s.CreateComment(ctx, &model.Comment{ID: id, ListUserID: ben.ID, ListID: benList.ID, UserID: author,
				ParentID: parent, Text: id, CreatedAt: time.Now()}, nil); err != nil {
				t.Fatal(err)
			}
		}
		comment("ann1", ann.ID, "")
		comment("ben-reply", ben.ID, "ann1")
		comment("ann2", ann.ID, "")
		comment("ben1", ben.ID, "")
		report(t, s, ben.ID, store.KindComment, "ann2", "harassment", "")
		moderate(t, s, ben, store.ActionHide, store.KindComment, "ann2")

		browse := func(q string) string {
			t.Helper()
			page, err := s.BrowsePage(ctx, model.BrowseQuery{Q: q, Type: model.TypeAll, Sort: model.SortNewest, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, l := range page.Lists {
				names = append(names, l.Name)
			}
			slices.Sort(names)
			return strings.Join(names, ",")
		}
		state := func() string {
			t.Helper()
			b, err := s.List(ctx, ben.ID, benList.ID)
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Profile(ctx, ann.ID)
			if err != nil {
				t.Fatal(err)
			}
			c, err := s.ConsensusOf(ctx, "s1", 0)
			if err != nil {
				t.Fatal(err)
			}
			return strings.Join([]string{browse(""), browse("tom"), "comments " + strconv.Itoa(b.CommentCount), "remixes " + strconv.Itoa(b.RemixCount),
				"ann's public lists " + strconv.Itoa(p.ListCount), "consensus lists " + strconv.Itoa(c.ListCount)}, " | ")
		}
		before := state()
		if want := "Anns Remix,Anns Villains,Bens Heroes | Anns Remix,Anns Villains,Bens Heroes | comments 3 | remixes 1 | ann's public lists 2 | consensus lists 3"; before != want {
			t.Fatalf("before:\n%s\nwant\n%s", before, want)
		}
		verifyAll(t, s, "before suspending")

		suspend(t, s, ann.ID, time.Time{})
		if got, want := state(), "Bens Heroes | Bens Heroes | comments 1 | remixes 0 | ann's public lists 0 | consensus lists 1"; got != want {
			t.Errorf("suspended:\n%s\nwant\n%s", got, want)
		}
		verifyAll(t, s, "after suspending")
		if p, _ := s.Profile(ctx, ann.ID); !p.Suspended {
			t.Error("the profile does not say the account is suspended")
		}
		if l, _ := s.List(ctx, ann.ID, public.ID); l.Listed() || !l.Hidden || !l.IsPublic {
			t.Errorf("a suspended author's list as read: listed %v hidden %v chosen public %v", l.Listed(), l.Hidden, l.IsPublic)
		}
		for _, id := range []string{"ann1", "ann2"} {
			if c, _ := s.CommentByID(ctx, id, ""); !c.Hidden {
				t.Errorf("comment %s of a suspended author is shown", id)
			}
		}
		// The author's own edits while suspended (a session from before) keep the list out.
		if _, err := s.UpdateList(ctx, ann.ID, public.ID, listContent("Anns Villains", "Russell Hantz"), listT0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0.Add(4*time.Second)), listContent("Anns New", "Tom Westman"), listT0.Add(4*time.Second)); err != nil {
			t.Fatal(err)
		}
		// A comment of hers that raced the suspension is hidden with the others.
		comment("ann-late", ann.ID, "")
		if c, _ := s.CommentByID(ctx, "ann-late", ""); !c.Hidden {
			t.Error("a comment written while suspended is shown")
		}
		// A moderator restoring a reported list or comment of hers does not bring it back early.
		moderate(t, s, ben, store.ActionRestore, store.KindList, store.ListKey(ann.ID, modHidden.ID))
		moderate(t, s, ben, store.ActionRestore, store.KindComment, "ann2")
		if got := browse(""); got != "Bens Heroes" {
			t.Errorf("edits and restores while suspended: %s", got)
		}
		if c, _ := s.CommentByID(ctx, "ann2", ""); !c.Hidden {
			t.Error("a moderator's restore showed a suspended author's comment")
		}
		verifyAll(t, s, "after edits while suspended")
		// ... and hiding them again while suspended keeps them hidden after.
		moderate(t, s, ben, store.ActionHide, store.KindList, store.ListKey(ann.ID, modHidden.ID))
		moderate(t, s, ben, store.ActionHide, store.KindComment, "ann2")

		if err := s.Unsuspend(ctx, ann.ID, time.Time{}, &model.Action{ID: "u1", AdminName: "Mod", Action: store.ActionUnsuspend,
			CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if got, want := state(), "Anns New,Anns Remix,Anns Villains,Bens Heroes | Anns New,Anns Remix,Bens Heroes | comments 4 | remixes 1 | ann's public lists 3 | consensus lists 4"; got != want {
			t.Errorf("restored:\n%s\nwant\n%s", got, want)
		}
		if c, _ := s.CommentByID(ctx, "ann2", ""); !c.Hidden {
			t.Error("restoring the account showed a comment a moderator hid")
		}
		if l, _ := s.List(ctx, ann.ID, modHidden.ID); l.Listed() {
			t.Error("restoring the account showed a list a moderator hid")
		}
		verifyAll(t, s, "after restoring")
		if err := s.Unsuspend(ctx, ann.ID, time.Time{}, &model.Action{ID: "u2", Action: store.ActionUnsuspend, CreatedAt: time.Now()}); !errors.Is(err, store.ErrNotSuspended) {
			t.Errorf("restoring an account not suspended: %v", err)
		}
		log, _, err := s.ModerationLog(ctx, "", 50)
		if err != nil || log[0].Action != store.ActionUnsuspend || log[0].Kind != store.KindUser || log[0].Key != ann.ID || log[0].Title != "Ann" {
			t.Fatalf("log %+v %v", log, err)
		}
		_ = remixed
	})
}

// Suspending twice hides the content once (racing moderators count once); verify finds,
// and its
// repair puts right, a list or comment whose visibility does not follow the suspension.
func TestSuspendTwiceAndRepair(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := listUser(t, s, "Ann")
		if _, err := s.CreateList(ctx, ann.ID, lists.IDs(listT0), listContent("Anns Villains", "Russell Hantz"), listT0); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 2)
		for i := range 2 {
			go func() {
				done <- s.Suspend(ctx, ann.ID, model.Suspension{Since: time.Now(), Reason: "spam"},
					&model.Action{ID: "race" + strconv.Itoa(i), AdminName: "Mod", Action: store.ActionSuspend, CreatedAt: time.Now()})
			}()
		}
		for range 2 {
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
		verifyAll(t, s, "after two suspensions")
		sus, err := s.SuspensionOf(ctx, ann.ID)
		if err != nil || sus == nil || !sus.Active(time.Now()) || sus.Reason != "spam" {
			t.Fatalf("suspension %+v %v", sus, err)
		}
		// A list put back in public and a comment shown by hand are found, and put right.
		if _, err := s.DB().ExecContext(ctx, `UPDATE lists SET is_public = TRUE`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB().ExecContext(ctx, `INSERT INTO comments (id, list_user_id, list_id, user_id, text, upvotes, downvotes, created_at)
			VALUES ('c1', '', 'poll', $1, 'hi', 0, 0, 1)`, ann.ID); err != nil {
			t.Fatal(err)
		}
		if problems, err := s.VerifyAggregates(ctx); err != nil || !strings.Contains(strings.Join(problems, "\n"), "is_public") ||
			!strings.Contains(strings.Join(problems, "\n"), "comment c1") {
			t.Fatalf("verify missed the wrong visibility: %v %v", problems, err)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		verifyAll(t, s, "after the repair")
		if c, _ := s.CommentByID(ctx, "c1", ""); !c.Hidden {
			t.Error("the repair left a suspended author's comment shown")
		}
		if err := s.Suspend(ctx, "nobody", model.Suspension{Since: time.Now()}, &model.Action{ID: "n"}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("suspending nobody: %v", err)
		}
	})
}

// The sweep finds only suspensions whose end date passed; restoring one with expiredBy
// leaves a suspension renewed meanwhile alone.
func TestExpiredSuspensions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cal := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cal")
		now := time.Now()
		suspend(t, s, ann.ID, now.Add(-time.Minute))
		suspend(t, s, ben.ID, now.Add(time.Hour))
		suspend(t, s, cal.ID, time.Time{})
		got, err := s.ExpiredSuspensions(ctx, now, 10)
		if err != nil || len(got) != 1 || got[0] != ann.ID {
			t.Fatalf("expired: %v %v", got, err)
		}
		if sus, _ := s.SuspensionOf(ctx, ann.ID); sus.Active(now) {
			t.Error("a suspension past its end date still refuses sign-in")
		}
		if err := s.Unsuspend(ctx, ben.ID, now, &model.Action{ID: "x", CreatedAt: now}); !errors.Is(err, store.ErrNotSuspended) {
			t.Errorf("the sweep lifted a suspension still running: %v", err)
		}
		if err := s.Unsuspend(ctx, ann.ID, now, &model.Action{ID: "y", CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if sus, _ := s.SuspensionOf(ctx, ann.ID); sus != nil {
			t.Errorf("still suspended after the sweep: %+v", sus)
		}
		verifyAll(t, s, "after the sweep")
	})
}

// Moderators find accounts by the start of a name (as its look-alike key, so case and
// accents do not matter) or by an exact address, a page at a time.
func TestSearchUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, n := range []string{"Sandra", "Sarah", "Sam", "Parvati", "Salvo"} {
			listUser(t, s, n)
		}
		names := func(us []model.UserSummary) string {
			var out []string
			for _, u := range us {
				out = append(out, u.DisplayName)
			}
			return strings.Join(out, ",")
		}
		// Pages follow the look-alike keys' order ("Sam" is "sarn"), so compare them as sets.
		var found []string
		next := ""
		for range 3 {
			page, n, err := s.SearchUsers(ctx, "SA", next, 2)
			if err != nil || len(page) > 2 {
				t.Fatalf("page %s %v", names(page), err)
			}
			found = append(found, strings.Split(names(page), ",")...)
			if next = n; next == "" {
				break
			}
		}
		slices.Sort(found)
		if got := strings.Join(found, ","); got != "Salvo,Sam,Sandra,Sarah" {
			t.Errorf("pages of 'SA': %s", got)
		}
		if page, _, err := s.SearchUsers(ctx, "PARVATI@example.com", "", 2); err != nil || names(page) != "Parvati" {
			t.Errorf("by address: %s %v", names(page), err)
		}
		if page, _, err := s.SearchUsers(ctx, "parv@example.com", "", 2); err != nil || len(page) != 0 {
			t.Errorf("an address only starting alike: %s %v", names(page), err)
		}
		if page, _, err := s.SearchUsers(ctx, "", "", 10); err != nil || len(page) != 5 {
			t.Errorf("everyone: %s %v", names(page), err)
		}
		if _, _, err := s.SearchUsers(ctx, "sa", "not a cursor\x00", 2); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("a made-up cursor: %v", err)
		}
	})
}
