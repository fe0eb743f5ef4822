package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"castaway/internal/model"
)

// ListSummary is a list as a card shows it: no full item list, only the first few.
type ListSummary struct {
	UserID      string
	ID          string
	UserName    string
	Name        string
	Description string
	Tags        []string
	IsPublic    bool
	IsSeason    bool
	ItemCount   int
	UpvoteCount int
	CreatedAt   time.Time
	UpdatedAt   time.Time
	TopItems    []model.Item
}

// TopItemCount is how many items a card previews (spec: top 3).
const TopItemCount = 3

// BrowseSort orders browse results.
type BrowseSort string

const (
	SortNewest    BrowseSort = "newest"
	SortMostVotes BrowseSort = "mostVotes"
	SortOldest    BrowseSort = "oldest"
)

// BrowseType filters browse results by what the lists rank.
type BrowseType string

const (
	TypeAll      BrowseType = "all"
	TypeSeason   BrowseType = "season"
	TypeSurvivor BrowseType = "survivor"
)

// BrowseQuery asks for one page of public lists.
type BrowseQuery struct {
	Q        string // matched case-insensitively against name, description, item names and author
	Type     BrowseType
	Sort     BrowseSort
	Tags     []string // a list must carry all of them
	Page     int      // from 1
	PageSize int
}

// Browse returns one page of public lists matching q and how many match in all.
func (s *Store) Browse(ctx context.Context, q BrowseQuery) ([]ListSummary, int, error) {
	where, args := browseFilter(q)
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM lists l JOIN users u ON u.id = l.user_id WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count lists: %w", err)
	}
	order := `l.created_at DESC, l.user_id, l.id`
	switch q.Sort {
	case SortMostVotes:
		order = `l.upvote_count DESC, l.created_at DESC, l.user_id, l.id`
	case SortOldest:
		order = `l.created_at, l.user_id, l.id`
	}
	n := len(args)
	args = append(args, q.PageSize, (max(q.Page, 1)-1)*q.PageSize)
	page, err := s.summaries(ctx, `SELECT `+listColumns+` FROM lists l JOIN users u ON u.id = l.user_id
		WHERE `+where+` ORDER BY `+order+fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("browse lists: %w", err)
	}
	return page, total, nil
}

// browseFilter builds the WHERE clause over lists l and users u for q.
func browseFilter(q BrowseQuery) (string, []any) {
	conds := []string{`l.is_public = TRUE`}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	switch q.Type {
	case TypeSeason:
		conds = append(conds, `l.is_season = TRUE`)
	case TypeSurvivor:
		conds = append(conds, `l.is_season = FALSE`)
	}
	if text := strings.TrimSpace(q.Q); text != "" {
		p := arg("%" + likeEscaper.Replace(FoldKey(text)) + "%")
		conds = append(conds, `(l.search_text LIKE `+p+` ESCAPE '\' OR u.name_key LIKE `+p+` ESCAPE '\')`)
	}
	for _, tag := range q.Tags {
		conds = append(conds, `EXISTS (SELECT 1 FROM list_tags t WHERE t.list_user_id = l.user_id AND t.list_id = l.id AND t.tag = `+arg(tag)+`)`)
	}
	return strings.Join(conds, " AND "), args
}

// likeEscaper makes the user's text match literally inside a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Home is the front page's three sections.
type Home struct {
	TopThisWeek []ListSummary
	Recent      []ListSummary
	Favorites   []ListSummary
}

// HomeSize is how many lists the top and recent sections show.
const HomeSize = 3

// Home reads the front page: the public lists with the most upvotes cast since
// since, the newest public lists, and viewerID's favorites that still exist and are
// visible to them (none when viewerID is empty).
func (s *Store) Home(ctx context.Context, viewerID string, since time.Time) (*Home, error) {
	var h Home
	var err error
	h.TopThisWeek, err = s.summaries(ctx, `SELECT `+listColumns+` FROM lists l JOIN users u ON u.id = l.user_id
		JOIN (SELECT list_user_id, list_id, count(*) AS n FROM list_upvotes WHERE created_at >= $1
		      GROUP BY list_user_id, list_id) w ON w.list_user_id = l.user_id AND w.list_id = l.id
		WHERE l.is_public = TRUE ORDER BY w.n DESC, l.upvote_count DESC, l.created_at DESC LIMIT $2`, millis(since), HomeSize)
	if err != nil {
		return nil, fmt.Errorf("top lists this week: %w", err)
	}
	h.Recent, err = s.summaries(ctx, `SELECT `+listColumns+` FROM lists l JOIN users u ON u.id = l.user_id
		WHERE l.is_public = TRUE ORDER BY l.created_at DESC, l.user_id, l.id LIMIT $1`, HomeSize)
	if err != nil {
		return nil, fmt.Errorf("recent lists: %w", err)
	}
	h.Favorites = []ListSummary{}
	if viewerID != "" {
		h.Favorites, err = s.summaries(ctx, `SELECT `+listColumns+` FROM favorites f
			JOIN lists l ON l.user_id = f.list_user_id AND l.id = f.list_id JOIN users u ON u.id = l.user_id
			WHERE f.user_id = $1 AND `+visibleTo("$1")+` ORDER BY f.favorited_at DESC`, viewerID)
		if err != nil {
			return nil, fmt.Errorf("favorite lists: %w", err)
		}
	}
	return &h, nil
}

// UserLists reads ownerID's lists that viewerID may see, most recently updated first.
func (s *Store) UserLists(ctx context.Context, ownerID, viewerID string) ([]ListSummary, error) {
	out, err := s.summaries(ctx, `SELECT `+listColumns+` FROM lists l JOIN users u ON u.id = l.user_id
		WHERE l.user_id = $1 AND `+visibleTo("$2")+` ORDER BY l.updated_at DESC, l.id DESC`, ownerID, viewerID)
	if err != nil {
		return nil, fmt.Errorf("user lists: %w", err)
	}
	return out, nil
}

// summaries runs a query selecting listColumns, then fetches the top items of
// every list it found in one more query and their tags in another.
func (s *Store) summaries(ctx context.Context, query string, args ...any) ([]ListSummary, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ListSummary{}
	for rows.Next() {
		l, err := scanList(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, ListSummary{UserID: l.UserID, ID: l.ID, UserName: l.UserName, Name: l.Name,
			Description: l.Description, IsPublic: l.IsPublic, IsSeason: l.IsSeason, ItemCount: l.ItemCount,
			UpvoteCount: l.UpvoteCount, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(out) == 0 {
		return out, nil
	}
	// One OR'd key pair per list: both engines use the primary key for each.
	var keys []string
	var keyArgs []any
	for _, l := range out {
		keyArgs = append(keyArgs, l.UserID, l.ID)
		keys = append(keys, fmt.Sprintf("(list_user_id = $%d AND list_id = $%d)", len(keyArgs)-1, len(keyArgs)))
	}
	inPage := "(" + strings.Join(keys, " OR ") + ")"
	items, err := s.listItems(ctx, inPage+fmt.Sprintf(" AND position < $%d", len(keyArgs)+1), append(keyArgs, TopItemCount)...)
	if err != nil {
		return nil, err
	}
	tags, err := s.listTags(ctx, inPage, keyArgs...)
	if err != nil {
		return nil, err
	}
	for i := range out {
		k := listKey{out[i].UserID, out[i].ID}
		out[i].TopItems = items[k]
		if out[i].TopItems == nil {
			out[i].TopItems = []model.Item{}
		}
		out[i].Tags = tags[k]
		if out[i].Tags == nil {
			out[i].Tags = []string{}
		}
	}
	return out, nil
}
