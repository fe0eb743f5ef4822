package model

import "testing"

func TestListListed(t *testing.T) {
	for _, tc := range []struct {
		s    ListState
		want bool
	}{
		{ListState{ChosenPublic: true}, true},
		{ListState{}, false},
		{ListState{ChosenPublic: true, Hidden: true}, false},
		{ListState{ChosenPublic: true, OwnerSuspended: true}, false},
		{ListState{Hidden: true, OwnerSuspended: true}, false},
	} {
		if got := ListListed(tc.s); got != tc.want {
			t.Errorf("ListListed(%+v) = %v", tc.s, got)
		}
	}
}

func TestListVisible(t *testing.T) {
	public := ListRow{Owner: "u1", Listed: true, ChosenPublic: true}
	hidden := ListRow{Owner: "u1", ChosenPublic: true} // by a moderator or a suspension
	private := ListRow{Owner: "u1"}
	for _, tc := range []struct {
		name string
		l    ListRow
		v    Viewer
		want bool
	}{
		{"public, signed out", public, Viewer{}, true},
		{"public, someone else", public, Viewer{ID: "u2"}, true},
		{"private, owner", private, Viewer{ID: "u1"}, true},
		{"private, someone else", private, Viewer{ID: "u2"}, false},
		{"private, signed out", private, Viewer{}, false},
		{"private, a moderator", private, Viewer{ID: "u2", Admin: true}, false},
		{"private, no owner and signed out", ListRow{}, Viewer{}, false},
		{"hidden, owner", hidden, Viewer{ID: "u1"}, true},
		{"hidden, someone else", hidden, Viewer{ID: "u2"}, false},
		{"hidden, a moderator", hidden, Viewer{ID: "u2", Admin: true}, true},
	} {
		if got := ListVisible(tc.l, tc.v); got != tc.want {
			t.Errorf("%s: ListVisible = %v", tc.name, got)
		}
	}
}

func TestCommentVisible(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    CommentRow
		v    Viewer
		want bool
	}{
		{"shown, signed out", CommentRow{Author: "u1"}, Viewer{}, true},
		{"hidden, signed out", CommentRow{Author: "u1", Hidden: true}, Viewer{}, false},
		{"hidden, author", CommentRow{Author: "u1", Hidden: true}, Viewer{ID: "u1"}, true},
		{"hidden, someone else", CommentRow{Author: "u1", Hidden: true}, Viewer{ID: "u2"}, false},
		{"hidden, a moderator", CommentRow{Author: "u1", Hidden: true}, Viewer{ID: "u2", Admin: true}, true},
		{"hidden, author gone, signed out", CommentRow{Hidden: true}, Viewer{}, false},
		{"author gone, shown", CommentRow{}, Viewer{ID: "u2"}, true},
	} {
		if got := CommentVisible(tc.c, tc.v); got != tc.want {
			t.Errorf("%s: CommentVisible = %v", tc.name, got)
		}
	}
}
