package importer

import (
	"context"
	"fmt"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/store"
)

// Options tune an import.
type Options struct {
	// BatchRows is how many rows one transaction writes (default 5000).
	BatchRows int
	// Progress, when set, is told the total rows first (done 0) and then the rows written.
	Progress func(done, total int)
	// Now is the import's time (default time.Now).
	Now time.Time
}

// Import plans exp against the database and writes it: units in batches of about
// BatchRows rows, each batch one transaction. A batch the database refuses is written
// again unit by unit, so one bad record costs only itself (listed in the report).
// Then every kept-in-step aggregate is rebuilt from the rows and verified. Running it
// again brings in only what the first run did not.
func Import(ctx context.Context, st *store.Store, cat *catalog.Catalog, exp *Export, opt Options) (*Report, error) {
	if opt.BatchRows <= 0 {
		opt.BatchRows = 5000
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	state, err := st.ImportState(ctx)
	if err != nil {
		return nil, err
	}
	plan := NewPlan(exp, cat, state, opt.Now)
	rep := plan.Report
	total := 0
	for i := range plan.Units {
		total += plan.Units[i].Rows()
	}
	if opt.Progress != nil {
		opt.Progress(0, max(total, 1))
	}
	done := 0
	for start := 0; start < len(plan.Units); {
		end, rows := start, 0
		for end < len(plan.Units) && (end == start || rows+plan.Units[end].Rows() <= opt.BatchRows) {
			rows += plan.Units[end].Rows()
			end++
		}
		if err := writeBatch(ctx, st, plan.Units[start:end], rep); err != nil {
			return rep, err
		}
		done += rows
		if opt.Progress != nil {
			opt.Progress(done, 0)
		}
		start = end
	}
	if plan.Legacy != nil {
		if err := st.SaveLegacyRecord(ctx, plan.Legacy); err != nil {
			return rep, err
		}
		if err := st.InsertImportBatch(ctx, &store.DemoBatch{Imported: []store.Imported{{Kind: "legacy", ID: "current"}}}); err != nil {
			return rep, err
		}
	}
	// Rows went in directly: recount every aggregate from them (list counts, weekly
	// upvotes, browse counts, search index, comment votes, poll totals), then check.
	if err := st.RebuildAggregates(ctx); err != nil {
		return rep, err
	}
	if err := st.RecountPolls(ctx, global.NameOf(cat)); err != nil {
		return rep, err
	}
	for _, verify := range []func(context.Context) ([]string, error){st.VerifyAggregates, st.VerifyPolls} {
		diffs, err := verify(ctx)
		if err != nil {
			return rep, err
		}
		for _, d := range diffs {
			rep.Failed = append(rep.Failed, "aggregate still differs after the rebuild: "+d)
		}
	}
	return rep, nil
}

// writeBatch writes units in one transaction or, when the database refuses that,
// one unit per transaction, reporting each unit it cannot write.
func writeBatch(ctx context.Context, st *store.Store, units []store.DemoBatch, rep *Report) error {
	var b store.DemoBatch
	for i := range units {
		merge(&b, &units[i])
	}
	err := st.InsertImportBatch(ctx, &b)
	if err == nil || ctx.Err() != nil {
		return err
	}
	for i := range units {
		if err := st.InsertImportBatch(ctx, &units[i]); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			rep.Failed = append(rep.Failed, fmt.Sprintf("%s: %v", describe(&units[i]), err))
		}
	}
	return nil
}

func merge(into, u *store.DemoBatch) {
	into.Users = append(into.Users, u.Users...)
	into.Drafts = append(into.Drafts, u.Drafts...)
	into.Lists = append(into.Lists, u.Lists...)
	into.Upvotes = append(into.Upvotes, u.Upvotes...)
	into.Favorites = append(into.Favorites, u.Favorites...)
	into.Comments = append(into.Comments, u.Comments...)
	into.CommentVotes = append(into.CommentVotes, u.CommentVotes...)
	into.Notifications = append(into.Notifications, u.Notifications...)
	into.Ballots = append(into.Ballots, u.Ballots...)
	into.Scores = append(into.Scores, u.Scores...)
	into.Imported = append(into.Imported, u.Imported...)
}

// describe names a unit by what it imports.
func describe(u *store.DemoBatch) string {
	if len(u.Imported) == 0 {
		return "rows"
	}
	return u.Imported[0].Kind + " " + u.Imported[0].ID
}
