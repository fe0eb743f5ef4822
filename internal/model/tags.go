package model

import (
	"strconv"
	"strings"
)

// UserTags are the tags a user may choose, in display order. Each is also a bit of a
// list's tag mask (lists.tag_mask), 1 << its index, so browse filters by a tag on the
// list's own row instead of looking the tag up for every list it walks: append only,
// never reorder.
var UserTags = []string{"favorites", "social", "strategic", "challenge", "spoiler"}

// TagBit is tag's bit in a list's tag mask; false for a tag that has none (a type tag,
// or an imported tag no user can choose).
func TagBit(tag string) (int64, bool) {
	for i, t := range UserTags {
		if t == tag {
			return 1 << i, true
		}
	}
	return 0, false
}

// TagMask is the tag mask of a list carrying tags.
func TagMask(tags []string) int64 {
	var m int64
	for _, t := range tags {
		if b, ok := TagBit(t); ok {
			m |= b
		}
	}
	return m
}

// TagBitSQL is TagBit in SQL over the tag column col: 0 for a tag without a bit, so the
// sum of a list's rows is its mask.
func TagBitSQL(col string) string {
	var b strings.Builder
	b.WriteString("CASE " + col)
	for i, t := range UserTags {
		b.WriteString(" WHEN '" + t + "' THEN " + strconv.Itoa(1<<i))
	}
	b.WriteString(" ELSE 0 END")
	return b.String()
}
