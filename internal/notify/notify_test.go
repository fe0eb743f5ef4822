package notify

import (
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
)

var now = time.Unix(1_700_000_000, 0).UTC()

func TestForListUpvote(t *testing.T) {
	list := &model.ListVisibility{UserID: "owner", ID: "list_1", Name: "Best Villains", IsPublic: true}
	if n := ForListUpvote(Actor{ID: "owner", Name: "Owner"}, list, now); n != nil {
		t.Fatalf("upvoting your own list notified: %+v", n)
	}
	n := ForListUpvote(Actor{ID: "fan", Name: "Fan"}, list, now)
	if n == nil || n.UserID != "owner" || n.Type != ListLike || n.CreatedByName != "Fan" || n.Content != "Best Villains" ||
		n.ListUserID != "owner" || n.ListID != "list_1" || n.DedupeKey != "list_like:owner/list_1" || !n.IsNew {
		t.Fatalf("note %+v", n)
	}
	// Another voter's note is the list's one note again, naming them.
	if other := ForListUpvote(Actor{ID: "other", Name: "Other"}, list, now.Add(time.Hour)); other.DedupeKey != n.DedupeKey ||
		other.ID == n.ID || other.CreatedByName != "Other" {
		t.Fatalf("another voter's note must share the list's dedupe key (and nothing else): %+v", other)
	}
}

func TestForComment(t *testing.T) {
	by := func(user string) *model.Comment { return &model.Comment{ID: "parent", UserID: user} }
	tests := []struct {
		name        string
		actor       string
		replyTo     *model.Comment
		listOwnerID string
		want        string // recipient:type, in order
	}{
		{"owner comments on own list", "owner", nil, "owner", ""},
		{"fan comments on a list", "fan", nil, "owner", "owner:comment"},
		{"fan replies to another fan on a list", "fan", by("other"), "owner", "other:comment_reply owner:comment"},
		{"fan replies to the owner", "fan", by("owner"), "owner", "owner:comment_reply"},
		{"owner replies to a fan", "owner", by("fan"), "owner", "fan:comment_reply"},
		{"fan replies to own comment", "fan", by("fan"), "owner", "owner:comment"},
		{"owner replies to own comment", "owner", by("owner"), "owner", ""},
		{"reply to a comment whose author is gone", "fan", by(""), "owner", "owner:comment"},
		{"reply on a global poll", "fan", by("other"), "", "other:comment_reply"},
		{"comment on a global poll", "fan", nil, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &model.Comment{ID: "c9", ListUserID: tt.listOwnerID, ListID: "list_1", UserID: tt.actor, Text: "Great take on Boston Rob", CreatedAt: now}
			notes := ForComment(Actor{ID: tt.actor, Name: "Actor"}, c, tt.replyTo, tt.listOwnerID)
			var got []string
			for _, n := range notes {
				got = append(got, n.UserID+":"+n.Type)
				if n.Content != c.Text || n.CommentID != "c9" || n.CreatedByName != "Actor" || n.ListID != "list_1" || n.DedupeKey != n.Type+":c9" {
					t.Errorf("note %+v", n)
				}
			}
			if strings.Join(got, " ") != tt.want {
				t.Fatalf("notified %q, want %q", strings.Join(got, " "), tt.want)
			}
		})
	}
}

func TestForCommentUpvote(t *testing.T) {
	c := &model.Comment{ID: "c1", UserID: "author", ListUserID: "owner", ListID: "list_1"}
	tests := []struct {
		name, actor, author string
		want                bool
	}{
		{"someone upvotes", "fan", "author", true},
		{"author upvotes own comment", "author", "author", false},
		{"author account gone", "fan", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := *c
			c.UserID = tt.author
			n := ForCommentUpvote(Actor{ID: tt.actor, Name: "Fan"}, &c, "Best Villains", now)
			if (n != nil) != tt.want {
				t.Fatalf("note %+v", n)
			}
			if n != nil && (n.UserID != "author" || n.Type != CommentLike || n.Content != "Best Villains" ||
				n.CommentID != "c1" || n.DedupeKey != "comment_like:fan:c1") {
				t.Fatalf("note %+v", n)
			}
		})
	}
}
