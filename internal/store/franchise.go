package store

import (
	"strconv"
	"strings"

	"castaway/internal/model"
)

// franchiseSQL is the franchise code (model.Franchises) of the season id in column col,
// as model.ListFranchise reads it off an item.
func franchiseSQL(col string) string {
	var b strings.Builder
	b.WriteString("CASE")
	for i, f := range model.Franchises {
		if f.Prefix == "" {
			continue
		}
		digit := strconv.Itoa(len(f.Prefix) + 1)
		b.WriteString(" WHEN substr(" + col + ", 1, " + strconv.Itoa(len(f.Prefix)) + ") = '" + f.Prefix + "' AND substr(" + col + ", " + digit +
			", 1) BETWEEN '0' AND '9' THEN " + strconv.Itoa(i))
	}
	b.WriteString(" ELSE 0 END")
	return b.String()
}

// recountFranchise is each list's franchise code from its items (k1, k2, n), for the lists
// that have any: their one franchise, or model.FranchiseMixed.
var recountFranchise = `SELECT list_user_id AS k1, list_id AS k2, CASE WHEN MIN(f) = MAX(f) THEN MIN(f) ELSE ` +
	strconv.Itoa(model.FranchiseMixed) + ` END AS n FROM (SELECT list_user_id, list_id, ` + franchiseSQL("season_id") +
	` AS f FROM list_items) fi GROUP BY list_user_id, list_id`
