package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ImportState is what `castaway import-firestore` must know of the database before it
// plans: what it brought in before, who has an account, and which display names and
// emails are taken.
type ImportState struct {
	Imported  map[Imported]bool
	Users     map[string]bool   // every account id
	NameKeys  map[string]string // folded display name -> account id
	EmailKeys map[string]string // folded email -> account id
	// Lists and Comments are those an earlier import brought in that still exist, so
	// a later export's votes, favorites and replies can point at them.
	Lists    map[[2]string]bool         // (owner, list id)
	Comments map[string]ImportedComment // by id
	Polls    map[string]string          // poll id -> season id
	// LegacyEmpty says the legacy rankings record is missing or holds no item.
	LegacyEmpty bool
}

// ImportedComment is where an earlier imported comment sits.
type ImportedComment struct {
	ListUserID, ListID, ParentID string
}

// ImportState reads the state the importer plans against.
func (s *Store) ImportState(ctx context.Context) (*ImportState, error) {
	st := &ImportState{Imported: map[Imported]bool{}, Users: map[string]bool{}, NameKeys: map[string]string{},
		EmailKeys: map[string]string{}, Lists: map[[2]string]bool{}, Comments: map[string]ImportedComment{}, Polls: map[string]string{}}
	read := func(what, q string, scan func(*sql.Rows) error) error {
		rows, err := s.db.QueryContext(ctx, q)
		if err != nil {
			return fmt.Errorf("read %s: %w", what, err)
		}
		defer rows.Close()
		for rows.Next() {
			if err := scan(rows); err != nil {
				return fmt.Errorf("read %s: %w", what, err)
			}
		}
		return rows.Err()
	}
	steps := []struct {
		what, q string
		scan    func(*sql.Rows) error
	}{
		{"imported", `SELECT kind, id FROM imported`, func(r *sql.Rows) error {
			var im Imported
			err := r.Scan(&im.Kind, &im.ID)
			st.Imported[im] = true
			return err
		}},
		{"users", `SELECT id, name_key, COALESCE(email_key, '') FROM users`, func(r *sql.Rows) error {
			var id, name, email string
			err := r.Scan(&id, &name, &email)
			st.Users[id] = true
			st.NameKeys[name] = id
			if email != "" {
				st.EmailKeys[email] = id
			}
			return err
		}},
		{"imported lists", `SELECT l.user_id, l.id FROM lists l JOIN imported i ON i.kind = 'list' AND i.id = l.user_id || '/' || l.id`, func(r *sql.Rows) error {
			var k [2]string
			err := r.Scan(&k[0], &k[1])
			st.Lists[k] = true
			return err
		}},
		{"imported comments", `SELECT c.id, c.list_user_id, c.list_id, COALESCE(c.parent_id, '') FROM comments c
			JOIN imported i ON i.kind = 'comment' AND i.id = c.id`, func(r *sql.Rows) error {
			var id string
			var c ImportedComment
			err := r.Scan(&id, &c.ListUserID, &c.ListID, &c.ParentID)
			st.Comments[id] = c
			return err
		}},
		{"polls", `SELECT id, season_id FROM global_polls`, func(r *sql.Rows) error {
			var id, season string
			err := r.Scan(&id, &season)
			st.Polls[id] = season
			return err
		}},
	}
	for _, step := range steps {
		if err := read(step.what, step.q, step.scan); err != nil {
			return nil, err
		}
	}
	rec, err := s.readLegacy(ctx, s.db)
	switch {
	case errors.Is(err, ErrNotFound):
		st.LegacyEmpty = true
	case err != nil:
		return nil, err
	default:
		st.LegacyEmpty = len(rec.Lists.Maddys)+len(rec.Lists.Andrews)+len(rec.Lists.Kendalls) == 0
	}
	return st, nil
}
