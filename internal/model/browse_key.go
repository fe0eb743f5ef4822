package model

import (
	"slices"
	"strconv"
	"strings"
)

// Key names what q asks for, the same for every request asking the same thing however its
// URL is written (parameter order, repeated or unknown parameters, spacing, case or
// punctuation in the search), so shared reads are found again rather than made anew.
func (q BrowseQuery) Key() string {
	tags := slices.Clone(q.Tags)
	slices.Sort(tags)
	page := "page " + strconv.Itoa(q.Page)
	if q.Cursor != "" {
		page = "cursor " + q.Cursor
	}
	return strings.Join([]string{strings.Join(SearchWords(q.Q), " "), string(q.Type), q.Format, q.Franchise, string(q.Sort),
		strings.Join(tags, ","), page, strconv.Itoa(q.PageSize)}, "\x00")
}

// Searches tells whether q reads the full-text index (it holds a word to look for).
func (q BrowseQuery) Searches() bool {
	return len(SearchWords(q.Q)) > 0
}
