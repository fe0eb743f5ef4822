package comments

import (
	"errors"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
)

func TestCleanText(t *testing.T) {
	tests := []struct {
		name, in, want string
		err            error
	}{
		{"trimmed", "  great list \n", "great list", nil},
		{"empty", "", "", ErrEmpty},
		{"only spaces", " \t\n ", "", ErrEmpty},
		{"500 characters", strings.Repeat("a", 500), strings.Repeat("a", 500), nil},
		{"501 characters", strings.Repeat("a", 501), "", ErrTooLong},
		{"500 characters plus spaces", "  " + strings.Repeat("a", 500) + "  ", strings.Repeat("a", 500), nil},
		{"500 multi-byte characters", strings.Repeat("é", 500), strings.Repeat("é", 500), nil},
		{"501 multi-byte characters", strings.Repeat("🔥", 501), "", ErrTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CleanText(tt.in)
			if !errors.Is(err, tt.err) || got != tt.want {
				t.Fatalf("CleanText = %q, %v; want %q, %v", got, err, tt.want, tt.err)
			}
		})
	}
	if ErrEmpty.Error() != "Comment cannot be empty." {
		t.Errorf("empty message %q", ErrEmpty)
	}
}

func TestCheckVote(t *testing.T) {
	for v, ok := range map[int]bool{1: true, -1: true, 0: true, 2: false, -2: false, 100: false} {
		if err := CheckVote(v); (err == nil) != ok {
			t.Errorf("CheckVote(%d) = %v", v, err)
		}
	}
}

func TestCanDelete(t *testing.T) {
	tests := []struct {
		name, user, author string
		ok                 bool
	}{
		{"author", "u1", "u1", true},
		{"someone else", "u2", "u1", false},
		{"author account gone", "u1", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CanDelete(tt.user, &model.Comment{UserID: tt.author})
			if (err == nil) != tt.ok || (err != nil && err.Error() != "You can only delete your own comments.") {
				t.Fatalf("CanDelete = %v", err)
			}
		})
	}
}

func TestScoreAndAuthorName(t *testing.T) {
	c := &model.Comment{Upvotes: 5, Downvotes: 7}
	if Score(c) != -2 {
		t.Errorf("score %d", Score(c))
	}
	if AuthorName(c) != "Anonymous" {
		t.Errorf("gone author shows as %q", AuthorName(c))
	}
	c.UserName = "Parvati"
	if AuthorName(c) != "Parvati" {
		t.Errorf("author shows as %q", AuthorName(c))
	}
}

func TestThread(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(1_700_000_000+int64(s), 0) }
	flat := []model.Comment{
		{ID: "r2", ParentID: "a", CreatedAt: at(5)},
		{ID: "b", CreatedAt: at(4)},
		{ID: "r1", ParentID: "a", CreatedAt: at(3)},
		{ID: "orphan", ParentID: "gone", CreatedAt: at(2)},
		{ID: "a", CreatedAt: at(1)},
		{ID: "c", CreatedAt: at(4)}, // same time as b: the larger id shows first
	}
	var got []string
	for _, n := range Thread(flat) {
		got = append(got, n.ID)
		for _, r := range n.Replies {
			got = append(got, n.ID+">"+r.ID)
		}
	}
	if want := "c b a a>r1 a>r2"; strings.Join(got, " ") != want {
		t.Fatalf("thread %q, want %q", strings.Join(got, " "), want)
	}
	if len(Thread(nil)) != 0 {
		t.Fatal("empty thread")
	}
}

// A hidden comment is shown to its author and to admins only; a deleted author's to admins only.
func TestShown(t *testing.T) {
	author, other, admin := &model.User{ID: "a"}, &model.User{ID: "b"}, &model.User{ID: "m", IsAdmin: true}
	hidden := &model.Comment{UserID: "a", Hidden: true}
	orphan := &model.Comment{UserID: "", Hidden: true}
	for _, c := range []struct {
		c      *model.Comment
		viewer *model.User
		want   bool
	}{
		{&model.Comment{UserID: "a"}, nil, true},
		{hidden, nil, false},
		{hidden, other, false},
		{hidden, author, true},
		{hidden, admin, true},
		{orphan, &model.User{ID: ""}, false},
		{orphan, admin, true},
	} {
		if got := Shown(c.c, c.viewer); got != c.want {
			t.Errorf("Shown(%+v, %+v) = %v", c.c, c.viewer, got)
		}
	}
}
