// Package importer brings an export of the earlier product's Firestore database
// (collections users, userLists, comments, notifications, userGlobalRankings,
// globalRankingsData and rankings) into castaway: it reads the export tolerantly
// (export.go), plans the rows with every repair and skip written down (plan.go), then
// writes them in batches, recounts the aggregates and reports (importer.go).
package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Export is the earlier product's database, one document per id in each collection.
// A document that cannot be read is kept in Bad, so the import goes on without it.
type Export struct {
	Users              map[string]User
	UserLists          map[string]UserListsDoc
	Comments           map[string]Comment
	Notifications      map[string]Notification
	UserGlobalRankings map[string]map[string]json.RawMessage // uid -> poll id -> submission
	GlobalRankingsData map[string]Aggregate
	Rankings           map[string]LegacyDoc
	Bad                []string // "collection/id: why"
}

// Time reads a Firestore timestamp ({"_seconds", "_nanoseconds"}), an ISO 8601
// string or Unix milliseconds; null, absent or unreadable is the zero time.
type Time struct{ time.Time }

func (t *Time) UnmarshalJSON(b []byte) error {
	t.Time = time.Time{}
	var ts struct {
		Seconds *int64 `json:"_seconds"`
		Nanos   int64  `json:"_nanoseconds"`
	}
	var s string
	var ms float64
	switch {
	case bytes.HasPrefix(b, []byte("{")) && json.Unmarshal(b, &ts) == nil && ts.Seconds != nil:
		t.Time = time.Unix(*ts.Seconds, ts.Nanos).UTC()
	case json.Unmarshal(b, &s) == nil:
		if parsed, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s)); err == nil {
			t.Time = parsed.UTC()
		}
	case json.Unmarshal(b, &ms) == nil:
		t.Time = time.UnixMilli(int64(ms)).UTC()
	}
	return nil
}

// User is users/{uid}.
type User struct {
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	// EmailVerified is the earlier identity provider's word that the address was proven;
	// an account is imported verified only where it says so.
	EmailVerified bool       `json:"emailVerified"`
	CreatedAt     Time       `json:"createdAt"`
	Favorites     []Favorite `json:"favorites"`
	IdolsFound    float64    `json:"idolsFound"`
}

// Favorite is one entry of a user's favorites.
type Favorite struct {
	UserID      string `json:"userId"`
	ListID      string `json:"listId"`
	Name        string `json:"name"`
	FavoritedAt Time   `json:"favoritedAt"`
}

// UserListsDoc is userLists/{uid}: the user's lists and draft.
type UserListsDoc struct {
	DisplayName string `json:"displayName"`
	Lists       []List `json:"lists"`
	Draft       *Draft `json:"draft"`
}

// List is one of a user's lists. Public is the flag read when isPublic is absent.
type List struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	Contestants []Item   `json:"contestants"`
	CreatedAt   Time     `json:"createdAt"`
	UpdatedAt   Time     `json:"updatedAt"`
	Upvotes     []string `json:"upvotes"`
	UserName    string   `json:"userName"`
	IsPublic    *bool    `json:"isPublic"`
	Public      *bool    `json:"public"`
}

// Draft is a user's unsaved creator state.
type Draft struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	Contestants []Item   `json:"contestants"`
	UpdatedAt   Time     `json:"updatedAt"`
}

// Item is a contestant or season in a list; only id, isSeason and seasonId matter,
// the rest comes from the catalog.
type Item struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	IsSeason bool   `json:"isSeason"`
	SeasonID string `json:"seasonId"`
}

// Comment is comments/{id}; ListUserID is empty on a global poll's comment.
type Comment struct {
	ListUserID string   `json:"listUserId"`
	ListID     string   `json:"listId"`
	UserID     string   `json:"userId"`
	UserName   string   `json:"userName"`
	Text       string   `json:"text"`
	CreatedAt  Time     `json:"createdAt"`
	Upvotes    []string `json:"upvotes"`
	Downvotes  []string `json:"downvotes"`
	ParentID   string   `json:"parentId"`
}

// Notification is notifications/{id}.
type Notification struct {
	UserID        string `json:"userId"`
	Type          string `json:"type"`
	CreatedBy     string `json:"createdBy"`
	CreatedByName string `json:"createdByName"`
	Content       string `json:"content"`
	IsNew         bool   `json:"isNew"`
	CreatedAt     Time   `json:"createdAt"`
	ListID        string `json:"listId"`
	CommentID     string `json:"commentId"`
}

// Submission is one user's ballot in userGlobalRankings; Ranking is an array of
// slots or the tolerated {contestants: [...]} form (global.ParseRanking reads both).
type Submission struct {
	Ranking     json.RawMessage `json:"ranking"`
	SubmittedAt Time            `json:"submittedAt"`
}

// Aggregate is globalRankingsData/{pollId}: the stored results to compare with.
type Aggregate struct {
	Top10 []struct {
		ID         string  `json:"id"`
		Name       string  `json:"name"`
		TotalScore float64 `json:"totalScore"`
	} `json:"top10"`
	TotalVotes float64 `json:"totalVotes"`
}

// LegacyDoc is rankings/current.
type LegacyDoc struct {
	MaddysList   []Item `json:"maddysList"`
	AndrewsList  []Item `json:"andrewsList"`
	KendallsList []Item `json:"kendallsList"`
	LastUpdated  Time   `json:"lastUpdated"`
}

// Parse reads an export. Only a file that is not a JSON object of collections fails;
// a document that cannot be read is listed in Bad and left out. It reads one document
// at a time, so the file is never held whole in memory.
func Parse(r io.Reader) (*Export, error) {
	exp := &Export{Users: map[string]User{}, UserLists: map[string]UserListsDoc{}, Comments: map[string]Comment{},
		Notifications: map[string]Notification{}, UserGlobalRankings: map[string]map[string]json.RawMessage{},
		GlobalRankingsData: map[string]Aggregate{}, Rankings: map[string]LegacyDoc{}}
	collections := map[string]func(id string, doc json.RawMessage) error{
		"users":              into(exp.Users),
		"userLists":          into(exp.UserLists),
		"comments":           into(exp.Comments),
		"notifications":      into(exp.Notifications),
		"userGlobalRankings": into(exp.UserGlobalRankings),
		"globalRankingsData": into(exp.GlobalRankingsData),
		"rankings":           into(exp.Rankings),
	}
	dec := json.NewDecoder(r)
	bad := func(err error) (*Export, error) {
		return nil, fmt.Errorf("read export: want a JSON object of collections, each an object of documents: %w", err)
	}
	if err := expectDelim(dec, '{'); err != nil {
		return bad(err)
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		if err := expectDelim(dec, '{'); err != nil {
			return bad(fmt.Errorf("collection %q: %w", name, err))
		}
		add, known := collections[name.(string)]
		docs := 0
		for dec.More() {
			id, err := dec.Token()
			if err != nil {
				return bad(err)
			}
			var doc json.RawMessage
			if err := dec.Decode(&doc); err != nil {
				return bad(err)
			}
			docs++
			if !known {
				continue
			}
			if err := add(id.(string), doc); err != nil {
				exp.Bad = append(exp.Bad, fmt.Sprintf("%s/%q: unreadable (%s), left out", name, id, shortErr(err)))
			}
		}
		if err := expectDelim(dec, '}'); err != nil {
			return bad(err)
		}
		if !known {
			exp.Bad = append(exp.Bad, fmt.Sprintf("%q: unknown collection of %d document(s), left out", name, docs))
		}
	}
	if err := expectDelim(dec, '}'); err != nil {
		return bad(err)
	}
	sort.Strings(exp.Bad)
	return exp, nil
}

// into decodes a document of a collection into m.
func into[T any](m map[string]T) func(id string, doc json.RawMessage) error {
	return func(id string, doc json.RawMessage) error {
		var v T
		if err := json.Unmarshal(doc, &v); err != nil {
			return err
		}
		m[id] = v
		return nil
	}
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("found %q where %q belongs", fmt.Sprint(tok), want)
	}
	return nil
}

// shortErr is err's text cut short, with what a terminal would act on escaped (a
// decoder's error may quote the document).
func shortErr(err error) string {
	s := err.Error()
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return printable(s)
}

// millisOfID reads the creation time in an id like list_1744400000000.
func millisOfID(id string) time.Time {
	_, digits, ok := strings.Cut(id, "_")
	if !ok {
		return time.Time{}
	}
	ms, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}
