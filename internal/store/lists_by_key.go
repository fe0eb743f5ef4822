package store

import (
	"context"
	"fmt"
	"strings"

	"castaway/internal/model"
)

// A page whose order lives in a table of keys (a fan's feed, a castaway's places) reads
// its keys first, from that table alone, then the lists by key. PostgreSQL plans a
// statement joining lists and users to the ordered table anew at every run (its cached
// generic plan never looks cheaper than a custom one), and that planning cost more than
// the page's reading; a lookup by key is planned once.

// byKeyMost bounds the lists one StmtListsByKey reads.
const byKeyMost = feedScan

// stmtListsByKey[n] reads the lists of n keys ($1, $2 the first owner and id, ...) by
// primary key, in no order. Whether each is still public is asked of the row read
// (List.Listed, the is_public column's rule), not in the WHERE: SQLite would take lists
// by its is_public indexes then, reading every public list.
var stmtListsByKey = func() []string {
	out := make([]string, byKeyMost+1)
	for n := 1; n <= byKeyMost; n++ {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = fmt.Sprintf("(l.user_id = $%d AND l.id = $%d)", 2*i+1, 2*i+2)
		}
		out[n] = `SELECT ` + listColumns + ` FROM lists l JOIN users u ON u.id = l.user_id
	WHERE ` + strings.Join(keys, " OR ")
	}
	return out
}()

// StmtListsByKey is the statement reading the lists of n keys (n at most byKeyMost), for
// the plan tests.
func StmtListsByKey(n int) string { return stmtListsByKey[n] }

type listedList struct {
	summary model.ListSummary
	list    *model.List
}

// listedByKey reads the lists of keys (at most byKeyMost), by key, leaving out those no
// longer public.
func (s *Store) listedByKey(ctx context.Context, keys []listKey) (map[listKey]listedList, error) {
	args := make([]any, 0, 2*len(keys))
	for _, k := range keys {
		args = append(args, k.userID, k.listID)
	}
	summaries, lists, err := s.summaryRows(ctx, stmtListsByKey[len(keys)], args...)
	if err != nil {
		return nil, err
	}
	out := make(map[listKey]listedList, len(lists))
	for i, l := range lists {
		if l.Listed() {
			out[listKey{l.UserID, l.ID}] = listedList{summaries[i], l}
		}
	}
	return out, nil
}
