package importer

import (
	"context"
	"fmt"
	"strconv"
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
	// Units are written as they are planned, a batch at a time, so memory holds the
	// export and one batch, not every row.
	w := &writer{ctx: ctx, st: st, batchRows: opt.BatchRows, progress: opt.Progress}
	if opt.Progress != nil {
		opt.Progress(0, max(estimateRows(exp), 1))
	}
	legacy, rep := Plan(exp, cat, state, opt.Now, w.add)
	w.flush()
	rep.Failed = append(rep.Failed, w.failed...)
	if w.err != nil {
		return rep, w.err
	}
	if legacy != nil {
		if err := st.SaveLegacyRecord(ctx, legacy); err != nil {
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

// writer collects planned units and writes them a batch at a time; after a failure
// it keeps the error and writes nothing more.
type writer struct {
	ctx       context.Context
	st        *store.Store
	batchRows int
	progress  func(done, total int)

	pending []store.DemoBatch
	rows    int
	done    int
	failed  []string // units the database refused
	err     error
}

func (w *writer) add(u store.DemoBatch) {
	if w.err != nil {
		return
	}
	w.pending = append(w.pending, u)
	w.rows += u.Rows()
	if w.rows >= w.batchRows {
		w.flush()
	}
}

func (w *writer) flush() {
	if w.err != nil || len(w.pending) == 0 {
		return
	}
	var failed []string
	failed, w.err = writeBatch(w.ctx, w.st, w.pending)
	w.failed = append(w.failed, failed...)
	w.done += w.rows
	w.pending, w.rows = nil, 0
	if w.progress != nil {
		w.progress(w.done, 0)
	}
}

// estimateRows is about how many rows exp makes, for the progress bar.
func estimateRows(exp *Export) int {
	n := len(exp.Users) + len(exp.Notifications) + 1
	for _, doc := range exp.UserLists {
		n++ // the owner's draft, or an account made for the owner
		for _, l := range doc.Lists {
			n += 2 + len(l.Contestants) + len(l.Tags) + len(l.Upvotes)
		}
	}
	for _, u := range exp.Users {
		n += len(u.Favorites)
	}
	for _, c := range exp.Comments {
		n += 1 + len(c.Upvotes) + len(c.Downvotes)
	}
	for _, polls := range exp.UserGlobalRankings {
		n += len(polls)
	}
	return n
}

// writeBatch writes units in one transaction or, when the database refuses that,
// one unit per transaction, describing each unit it cannot write.
func writeBatch(ctx context.Context, st *store.Store, units []store.DemoBatch) (failed []string, err error) {
	var b store.DemoBatch
	for i := range units {
		merge(&b, &units[i])
	}
	err = st.InsertImportBatch(ctx, &b)
	if err == nil || ctx.Err() != nil {
		return nil, err
	}
	for i := range units {
		if err := st.InsertImportBatch(ctx, &units[i]); err != nil {
			if ctx.Err() != nil {
				return failed, ctx.Err()
			}
			failed = append(failed, fmt.Sprintf("%s: %v", describe(&units[i]), err))
		}
	}
	return failed, nil
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
	return u.Imported[0].Kind + " " + strconv.Quote(u.Imported[0].ID)
}
