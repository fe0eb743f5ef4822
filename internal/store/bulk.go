package store

// Bulk writes for `castaway demo-data` and `castaway import-firestore`: many rows per
// INSERT, one transaction per batch. The row types here are plain and local to this
// file so the loaders do not lean on the store's read models. Nothing here keeps
// aggregates in step: the loader rebuilds them once at the end (RebuildAggregates).

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"castaway/internal/model"
)

// DemoUser is an account made by the demo generator.
type DemoUser struct {
	ID           string
	Email        string
	DisplayName  string
	PasswordHash string
	IdolsFound   int
	CreatedAt    time.Time
	// EmailVerified: the address was proven (the earlier product's export says so).
	EmailVerified bool
}

// DemoItem is one ranked entry of a DemoList, already filled in from the catalog: the
// one item type, so an item with its note comes across whole.
type DemoItem = model.Item

// DemoList is a list with its items and tags (the type tag included).
type DemoList struct {
	UserID      string
	ID          string
	Name        string
	Description string
	IsPublic    bool
	IsSeason    bool
	SearchText  string
	Tags        []string
	Items       []DemoItem
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// DemoUpvote is one user's upvote of a list.
type DemoUpvote struct {
	ListUserID, ListID, UserID string
	CreatedAt                  time.Time
}

// DemoFavorite is one user's star on a list.
type DemoFavorite struct {
	UserID, ListUserID, ListID string
	FavoritedAt                time.Time
}

// DemoFollow is one fan following another (FillFeeds then fills the feeds).
type DemoFollow struct {
	FollowerID, FollowedID string
	CreatedAt              time.Time
}

// DemoComment is a comment or reply; Upvotes and Downvotes must match its votes.
type DemoComment struct {
	ID, ListUserID, ListID, UserID, ParentID, Text string
	Upvotes, Downvotes                             int
	CreatedAt                                      time.Time
}

// DemoCommentVote is one user's vote (1 or -1) on a comment.
type DemoCommentVote struct {
	CommentID, UserID string
	Value             int
}

// DemoBallot is one user's global top-10 ballot: ten slots, "" for an empty one.
type DemoBallot struct {
	PollID, UserID string
	Ranking        []string
	SubmittedAt    time.Time
}

// DemoScore is a global poll's running total for one contestant.
type DemoScore struct {
	PollID, ContestantID string
	TotalScore, Votes    int
}

// DemoDraft is a user's unsaved creator state.
type DemoDraft struct {
	UserID string
	model.Draft
}

// Imported names a record the importer brought in (see the imported table).
type Imported struct{ Kind, ID string }

// DemoBatch is what one transaction writes. Rows go in the order of the fields,
// so a batch may hold lists and the upvotes of those lists.
type DemoBatch struct {
	Users         []DemoUser
	Drafts        []DemoDraft
	Lists         []DemoList
	Upvotes       []DemoUpvote
	Favorites     []DemoFavorite
	Follows       []DemoFollow
	Comments      []DemoComment
	CommentVotes  []DemoCommentVote
	Notifications []model.Notification
	Ballots       []DemoBallot
	Scores        []DemoScore
	// Imported records what an import batch brought in, in the same transaction.
	Imported []Imported
}

// Rows counts the rows a batch writes (items and tags included).
func (b *DemoBatch) Rows() int {
	n := len(b.Users) + len(b.Drafts) + len(b.Upvotes) + len(b.Favorites) + len(b.Follows) + len(b.Comments) + len(b.CommentVotes) +
		len(b.Notifications) + len(b.Ballots) + len(b.Scores)
	for _, l := range b.Lists {
		n += 1 + len(l.Items) + len(l.Tags)
	}
	return n
}

// maxBulkParams keeps each statement under both engines' bound-parameter limits
// (SQLite 32766, PostgreSQL 65535).
const maxBulkParams = 30000

// multiInsert writes rows of len(cols) values each with as few INSERTs as the
// parameter limit allows.
func (s *Store) multiInsert(ctx context.Context, tx *sql.Tx, table string, cols []string, rows [][]any) error {
	return s.multiInsertOn(ctx, tx, table, cols, rows, "")
}

// multiInsertOn is multiInsert with onConflict ending each INSERT ("ON CONFLICT DO NOTHING").
func (s *Store) multiInsertOn(ctx context.Context, tx *sql.Tx, table string, cols []string, rows [][]any, onConflict string) error {
	per := max(1, min(1000, maxBulkParams/len(cols)))
	// SQLite takes each $N as a name and looks it up among those before it, so a statement
	// of many would take the square of their number to prepare: it gets plain ? instead.
	param := func(n int) string { return fmt.Sprintf("$%d", n) }
	if s.dialect == SQLite {
		param = func(int) string { return "?" }
	}
	var full *sql.Stmt // the statement for a whole chunk, prepared once
	defer func() {
		if full != nil {
			full.Close()
		}
	}()
	for start := 0; start < len(rows); start += per {
		chunk := rows[start:min(start+per, len(rows))]
		args := make([]any, 0, len(chunk)*len(cols))
		for _, r := range chunk {
			args = append(args, r...)
		}
		if len(chunk) == per && full != nil {
			if _, err := full.ExecContext(ctx, args...); err != nil {
				return fmt.Errorf("insert %s: %w", table, err)
			}
			continue
		}
		var q strings.Builder
		fmt.Fprintf(&q, "INSERT INTO %s (%s) VALUES ", table, strings.Join(cols, ", "))
		for i := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for j := range cols {
				if j > 0 {
					q.WriteString(", ")
				}
				q.WriteString(param(i*len(cols) + j + 1))
			}
			q.WriteByte(')')
		}
		if onConflict != "" {
			q.WriteString(" " + onConflict)
		}
		if len(chunk) == per && start+per < len(rows) {
			var err error
			if full, err = tx.PrepareContext(ctx, q.String()); err != nil {
				return fmt.Errorf("insert %s: %w", table, err)
			}
			if _, err := full.ExecContext(ctx, args...); err != nil {
				return fmt.Errorf("insert %s: %w", table, err)
			}
			continue
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("insert %s: %w", table, err)
		}
	}
	return nil
}

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// InsertDemoBatch writes b in one transaction.
func (s *Store) InsertDemoBatch(ctx context.Context, b *DemoBatch) error {
	return s.insertBatch(ctx, b, "")
}

// InsertImportBatch writes b in one transaction, leaving alone any row whose key is
// already taken: an import run again, or cut short and run again, doubles nothing.
func (s *Store) InsertImportBatch(ctx context.Context, b *DemoBatch) error {
	return s.insertBatch(ctx, b, "ON CONFLICT DO NOTHING")
}

func (s *Store) insertBatch(ctx context.Context, b *DemoBatch, onConflict string) error {
	if s.dialect == Postgres && onConflict == "" {
		return s.copyBatch(ctx, b)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		return b.write(func(table string, cols []string, rows [][]any) error {
			return s.multiInsertOn(ctx, tx, table, cols, rows, onConflict)
		})
	})
}

// copyBatch writes b in one transaction with PostgreSQL's COPY, which takes rows
// several times faster than INSERTs of many rows (a million lists are some forty
// million rows).
func (s *Store) copyBatch(ctx context.Context, b *DemoBatch) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("copy rows: %w", err)
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		return pgx.BeginFunc(ctx, dc.(interface{ Conn() *pgx.Conn }).Conn(), func(tx pgx.Tx) error {
			return b.write(func(table string, cols []string, rows [][]any) error {
				if len(rows) == 0 {
					return nil
				}
				if _, err := tx.CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows)); err != nil {
					return fmt.Errorf("copy %s: %w", table, err)
				}
				return nil
			})
		})
	})
}

// write hands each table's rows of b to insert, parents before children.
func (b *DemoBatch) write(insert func(table string, cols []string, rows [][]any) error) error {
	var rows [][]any
	for _, u := range b.Users {
		rows = append(rows, []any{u.ID, nullable(u.Email), nullable(model.FoldKey(u.Email)), u.DisplayName, model.NameKey(u.DisplayName),
			nullable(u.PasswordHash), u.IdolsFound, millis(u.CreatedAt), u.EmailVerified && u.Email != ""})
	}
	if err := insert("users", []string{"id", "email", "email_key", "display_name", "name_key",
		"password_hash", "idols_found", "created_at", "email_verified"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, d := range b.Drafts {
		tags, err := json.Marshal(d.Tags)
		if err != nil {
			return err
		}
		items, err := json.Marshal(d.Items)
		if err != nil {
			return err
		}
		tiers, err := draftTiersJSON(&d.Draft)
		if err != nil {
			return err
		}
		rows = append(rows, []any{d.UserID, d.Name, d.Description, string(tags), string(items), d.IsPublic, millis(d.UpdatedAt), tiers})
	}
	if err := insert("drafts", []string{"user_id", "name", "description", "tags", "items", "is_public", "updated_at", "tiers"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	var items, tags [][]any
	for _, l := range b.Lists {
		rows = append(rows, []any{l.UserID, l.ID, l.Name, l.Description, l.IsPublic, l.IsPublic, l.IsSeason, len(l.Items), 0,
			l.SearchText, millis(l.CreatedAt), millis(l.UpdatedAt), model.TagMask(l.Tags), model.ListFranchise(l.Items)})
		for i, it := range l.Items {
			items = append(items, []any{l.UserID, l.ID, i, it.ID, it.IsSeason, it.Name, it.ImageURL, it.SeasonID, it.SeasonName, it.Note})
		}
		for _, t := range l.Tags {
			tags = append(tags, []any{l.UserID, l.ID, t})
		}
	}
	if err := insert("lists", []string{"user_id", "id", "name", "description", "is_public", "chosen_public", "is_season",
		"item_count", "upvote_count", "search_text", "created_at", "updated_at", "tag_mask", "franchise"}, rows); err != nil {
		return err
	}
	if err := insert("list_items", []string{"list_user_id", "list_id", "position", "item_id", "is_season",
		"name", "image_url", "season_id", "season_name", "note"}, items); err != nil {
		return err
	}
	if err := insert("list_tags", []string{"list_user_id", "list_id", "tag"}, tags); err != nil {
		return err
	}

	rows = rows[:0]
	for _, u := range b.Upvotes {
		rows = append(rows, []any{u.ListUserID, u.ListID, u.UserID, millis(u.CreatedAt)})
	}
	if err := insert("list_upvotes", []string{"list_user_id", "list_id", "user_id", "created_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, f := range b.Favorites {
		rows = append(rows, []any{f.UserID, f.ListUserID, f.ListID, millis(f.FavoritedAt)})
	}
	if err := insert("favorites", []string{"user_id", "list_user_id", "list_id", "favorited_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, f := range b.Follows {
		rows = append(rows, []any{f.FollowerID, f.FollowedID, millis(f.CreatedAt)})
	}
	if err := insert("follows", []string{"follower_id", "followed_id", "created_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, c := range b.Comments {
		rows = append(rows, []any{c.ID, c.ListUserID, c.ListID, nullable(c.UserID), nullable(c.ParentID), c.Text,
			c.Upvotes, c.Downvotes, millis(c.CreatedAt)})
	}
	if err := insert("comments", []string{"id", "list_user_id", "list_id", "user_id", "parent_id", "text",
		"upvotes", "downvotes", "created_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, v := range b.CommentVotes {
		rows = append(rows, []any{v.CommentID, v.UserID, v.Value})
	}
	if err := insert("comment_votes", []string{"comment_id", "user_id", "value"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, n := range b.Notifications {
		rows = append(rows, []any{n.ID, n.UserID, n.Type, nullable(n.ActorID), n.CreatedByName, n.Content, n.IsNew,
			n.ListUserID, n.ListID, n.CommentID, nullable(n.DedupeKey), millis(n.CreatedAt)})
	}
	if err := insert("notifications", []string{"id", "user_id", "type", "actor_id", "created_by_name",
		"content", "is_new", "list_user_id", "list_id", "comment_id", "dedupe_key", "created_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, bl := range b.Ballots {
		slots := make([]*string, len(bl.Ranking))
		for i := range bl.Ranking {
			if bl.Ranking[i] != "" {
				slots[i] = &bl.Ranking[i]
			}
		}
		ranking, err := json.Marshal(slots)
		if err != nil {
			return err
		}
		rows = append(rows, []any{bl.PollID, bl.UserID, string(ranking), millis(bl.SubmittedAt)})
	}
	if err := insert("global_submissions", []string{"poll_id", "user_id", "ranking", "submitted_at"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, sc := range b.Scores {
		rows = append(rows, []any{sc.PollID, sc.ContestantID, sc.TotalScore, sc.Votes})
	}
	if err := insert("global_scores", []string{"poll_id", "contestant_id", "total_score", "votes"}, rows); err != nil {
		return err
	}

	rows = rows[:0]
	for _, im := range b.Imported {
		rows = append(rows, []any{im.Kind, im.ID})
	}
	return insert("imported", []string{"kind", "id"}, rows)
}

// FillFeeds puts into every follower's feed the public lists of the fans they follow
// from the last FeedRetention, as following and publishing would have: a bulk load
// inserts follows and lists directly, then calls it (before RebuildAggregates counts them).
func (s *Store) FillFeeds(ctx context.Context, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
		SELECT f.follower_id, l.user_id, l.id, l.created_at FROM follows f
		JOIN lists l ON l.user_id = f.followed_id AND l.is_public = TRUE AND l.created_at > $1
		WHERE TRUE ON CONFLICT DO NOTHING`, millis(now.Add(-FeedRetention)))
	if err != nil {
		return fmt.Errorf("fill feeds: %w", err)
	}
	return nil
}

// demoTables are the tables demo-data fills or clears, children before parents.
var demoTables = []string{
	"notifications", "fanout_jobs", "feed_syncs", "feed_items", "follows", "comment_votes", "comments", "favorites", "list_upvotes", "list_tags", "list_tiers", "list_items",
	"lists", "drafts", "global_scores", "global_submissions", "sessions", "password_resets", "identities",
	"rate_limits", "oauth_states", "users", "imported",
}

// BulkLoadCache gives the SQLite writer a page cache of mb megabytes for a bulk load
// (demo-data, import-firestore): rows go into large indexes in no particular key order, and
// with the pages they touch kept in memory a million lists load at the rate of a hundred
// thousand instead of re-reading the file for every row. PostgreSQL sizes its own buffers.
func (s *Store) BulkLoadCache(ctx context.Context, mb int) error {
	if s.dialect != SQLite {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA cache_size = -%d", mb*1024)); err != nil {
		return fmt.Errorf("size the load's page cache: %w", err)
	}
	return nil
}

// HasCommunity tells whether the database holds any user or list.
func (s *Store) HasCommunity(ctx context.Context) (bool, error) {
	var any bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM lists)`).Scan(&any)
	if err != nil {
		return false, fmt.Errorf("check for existing data: %w", err)
	}
	return any, nil
}

// ClearCommunity deletes every user and everything users made (lists, votes,
// comments, notifications, ballots, sessions), keeping the schema, the polls and the
// legacy record. Only `demo-data --force` calls it.
func (s *Store) ClearCommunity(ctx context.Context) error {
	if s.dialect == Postgres {
		if _, err := s.db.ExecContext(ctx, `TRUNCATE `+strings.Join(demoTables, ", ")+` CASCADE`); err != nil {
			return fmt.Errorf("clear database: %w", err)
		}
		return nil
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, t := range demoTables {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
				return fmt.Errorf("clear %s: %w", t, err)
			}
		}
		return nil
	})
}

// DemoPolls returns the global polls with the season each ranks, oldest first.
func (s *Store) DemoPolls(ctx context.Context) (ids, seasons []string, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, season_id FROM global_polls ORDER BY created_at, id`)
	if err != nil {
		return nil, nil, fmt.Errorf("read polls: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, season string
		if err := rows.Scan(&id, &season); err != nil {
			return nil, nil, fmt.Errorf("read polls: %w", err)
		}
		ids, seasons = append(ids, id), append(seasons, season)
	}
	return ids, seasons, rows.Err()
}
