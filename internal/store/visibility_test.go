package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// The SQL forms of the visibility rules (model's generated ...SQL) select exactly the
// rows their Go forms say, on rows covering every case: lists public or private, hidden
// by a moderator or not, of a suspended owner or not; comments shown, hidden by a
// moderator or by their author's suspension, of an author whose account is gone, by a
// user the reader blocked; read by their owner, someone else, nobody, a suspended user
// and a moderator; and notifications of those lists and comments, of actors there,
// suspended, deleted or none, read by their recipient.
func TestVisibilityRulesAgreeInGoAndSQL(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, sue, del, mod := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Sue"), listUser(t, s, "Del"), listUser(t, s, "Mod")
		if err := s.SetAdmin(ctx, mod.Email, true); err != nil {
			t.Fatal(err)
		}
		at := listT0
		newList := func(owner *model.User, name string, public bool) *model.List {
			t.Helper()
			at = at.Add(time.Second)
			c := listContent(name, "Tom Westman")
			c.IsPublic = public
			l, err := s.CreateList(ctx, owner.ID, lists.IDs(at), c, at)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		states := map[[2]string]model.ListState{} // owner, list id -> what makes it listed
		for _, owner := range []*model.User{ann, sue} {
			for _, public := range []bool{true, false} {
				for _, hidden := range []bool{false, true} {
					l := newList(owner, fmt.Sprintf("%s public %v hidden %v", owner.DisplayName, public, hidden), public)
					if hidden {
						key := store.ListKey(owner.ID, l.ID)
						report(t, s, ben.ID, store.KindList, key, "spam", "")
						moderate(t, s, mod, store.ActionHide, store.KindList, key)
					}
					states[[2]string{owner.ID, l.ID}] = model.ListState{ChosenPublic: public, Hidden: hidden, OwnerSuspended: owner == sue}
				}
			}
		}

		thread := newList(ann, "The thread", true)
		states[[2]string{ann.ID, thread.ID}] = model.ListState{ChosenPublic: true}
		comment := func(id string, author *model.User, parent string) {
			t.Helper()
			if _, err := s.CreateComment(ctx, &model.Comment{ID: id, ListUserID: ann.ID, ListID: thread.ID, UserID: author.ID,
				ParentID: parent, Text: id, CreatedAt: time.Now()}, nil); err != nil {
				t.Fatal(err)
			}
		}
		for _, author := range []*model.User{ann, ben, sue, del} {
			for _, hidden := range []bool{false, true} {
				id := fmt.Sprintf("%s-hidden-%v", author.DisplayName, hidden)
				comment(id, author, "")
				comment("reply-to-"+id, ben, id) // so del's comment outlives del
				if hidden {
					report(t, s, mod.ID, store.KindComment, id, "spam", "")
					moderate(t, s, mod, store.ActionHide, store.KindComment, id)
				}
			}
		}
		suspend(t, s, sue.ID, time.Time{})
		if err := s.Block(ctx, ben.ID, ann.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteAccount(ctx, del.ID); err != nil {
			t.Fatal(err)
		}

		// Lists: the stored lists.is_public and ListListedSQL are ListListed.
		rows := map[[2]string]model.ListRow{}
		wantListed := map[[2]string]bool{}
		for key, st := range states {
			l, err := s.List(ctx, key[0], key[1])
			if err != nil {
				t.Fatal(err)
			}
			if l.Listed() != model.ListListed(st) {
				t.Errorf("%s: listed %v as stored, ListListed %v", l.Name, l.Listed(), model.ListListed(st))
			}
			rows[key] = model.ListRow{Owner: l.UserID, Listed: l.Listed(), ChosenPublic: l.IsPublic}
			wantListed[key] = model.ListListed(st)
		}
		gotListed := selectLists(t, s, model.ListListedSQL("l.chosen_public", "l.hidden_at IS NOT NULL", "l.user_id"))
		assertSame(t, "ListListedSQL", gotListed, keep(wantListed))

		viewers := []model.Viewer{{}, {ID: ann.ID}, {ID: ben.ID}, {ID: sue.ID}, {ID: mod.ID, Admin: true}, {ID: mod.ID}}
		cases := map[bool]int{}
		for _, v := range viewers {
			want := map[[2]string]bool{}
			for key, row := range rows {
				want[key] = model.ListVisible(row, v)
				cases[want[key]]++
			}
			got := selectLists(t, s, model.ListVisibleSQL("l", "$1", "$2"), v.ID, v.Admin)
			assertSame(t, fmt.Sprintf("ListVisibleSQL for %+v", v), got, keep(want))
		}
		if cases[true] == 0 || cases[false] == 0 {
			t.Fatalf("lists: every case answered the same: %v", cases)
		}

		// Comments: CommentVisibleSQL is CommentVisible.
		crows := map[string]model.CommentRow{}
		ids, err := selectStrings(ctx, s, `SELECT c.id FROM comments c`)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			c, err := s.CommentByID(ctx, id, "")
			if err != nil {
				t.Fatal(err)
			}
			crows[id] = model.CommentRow{Author: c.UserID, Hidden: c.Hidden}
		}
		if r := crows["Del-hidden-true"]; r.Author != "" || !r.Hidden {
			t.Fatalf("a hidden comment of a deleted account reads %+v", r)
		}
		if r := crows["Sue-hidden-false"]; !r.Hidden {
			t.Fatalf("a suspended author's comment reads %+v", r)
		}
		cases = map[bool]int{}
		for _, v := range viewers {
			var want []string
			for id, row := range crows {
				if model.CommentVisible(row, v) {
					want = append(want, id)
					cases[true]++
				} else {
					cases[false]++
				}
			}
			got, err := selectStrings(ctx, s, `SELECT c.id FROM comments c WHERE `+model.CommentVisibleSQL("c", "$1", "$2"), v.ID, v.Admin)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("CommentVisibleSQL for %+v selects %v, CommentVisible %v", v, got, want)
			}
		}
		if cases[true] == 0 || cases[false] == 0 {
			t.Fatalf("comments: every case answered the same: %v", cases)
		}

		// Notifications: NoteVisibleSQL is NoteVisible, for notes of an actor who is there,
		// suspended, deleted or none (an import's), leading nowhere, to each list or
		// comment above, or to one since deleted, read by their recipient.
		type target struct{ listUser, list, comment string }
		targets := []target{{}, {ann.ID, "gone", ""}, {ann.ID, thread.ID, "gone"}}
		for key := range rows {
			targets = append(targets, target{key[0], key[1], ""})
		}
		for id := range crows {
			targets = append(targets, target{ann.ID, thread.ID, id})
		}
		want := map[string][]string{}
		i := 0
		for _, to := range []*model.User{ann, ben} {
			for _, actor := range []string{mod.ID, sue.ID, del.ID, ""} {
				for _, tg := range targets {
					i++
					id := fmt.Sprintf("note%04d", i)
					if _, err := s.DB().ExecContext(ctx, `INSERT INTO notifications (id, user_id, type, actor_id, created_by_name,
						list_user_id, list_id, comment_id, created_at) VALUES ($1, $2, 'comment', NULLIF($3, ''), 'x', $4, $5, $6, 1)`,
						id, to.ID, actor, tg.listUser, tg.list, tg.comment); err != nil {
						t.Fatal(err)
					}
					n := model.NoteRow{Recipient: to.ID, ActorDeleted: actor == del.ID, ActorSuspended: actor == sue.ID,
						NamesList: tg.list != "", NamesComment: tg.comment != ""}
					if l, ok := rows[[2]string{tg.listUser, tg.list}]; ok {
						n.List = &l
					}
					if c, ok := crows[tg.comment]; ok {
						n.Comment = &c
					}
					if model.NoteVisible(n) {
						want[to.ID] = append(want[to.ID], id)
					}
				}
			}
		}
		for _, to := range []*model.User{ann, ben} {
			got, err := selectStrings(ctx, s, `SELECT n.id FROM notifications n WHERE n.user_id = $1 AND `+model.NoteVisibleSQL("n"), to.ID)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if !slices.Equal(got, want[to.ID]) {
				t.Errorf("NoteVisibleSQL for %s selects %v, NoteVisible %v", to.DisplayName, got, want[to.ID])
			}
			if len(want[to.ID]) == 0 || len(want[to.ID]) == i/2 {
				t.Fatalf("notifications: every case answered the same for %s", to.DisplayName)
			}
		}
	})
}

// keep is the keys for which want holds.
func keep(want map[[2]string]bool) [][2]string {
	var out [][2]string
	for key, ok := range want {
		if ok {
			out = append(out, key)
		}
	}
	return out
}

// selectLists is the lists (owner, id) where cond holds, among those the test made.
func selectLists(t *testing.T, s *store.Store, cond string, args ...any) [][2]string {
	t.Helper()
	rows, err := s.DB().QueryContext(context.Background(), `SELECT l.user_id, l.id FROM lists l WHERE `+cond, args...)
	if err != nil {
		t.Fatalf("%s: %v", cond, err)
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var key [2]string
		if err := rows.Scan(&key[0], &key[1]); err != nil {
			t.Fatal(err)
		}
		out = append(out, key)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func selectStrings(ctx context.Context, s *store.Store, q string, args ...any) ([]string, error) {
	rows, err := s.DB().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// assertSame fails unless got and want hold the same lists.
func assertSame(t *testing.T, what string, got, want [][2]string) {
	t.Helper()
	order := func(keys [][2]string) []string {
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = k[0] + "/" + k[1]
		}
		slices.Sort(out)
		return out
	}
	if g, w := order(got), order(want); !slices.Equal(g, w) {
		t.Errorf("%s selects %v, the Go form %v", what, g, w)
	}
}
