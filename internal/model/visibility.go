package model

import "strings"

//go:generate go test -run ^TestVisibilitySQLIsGenerated$ -update .

// Who may see a list or a comment: each rule once, as data (a Rule), with its Go form
// here and its SQL form generated beside it (visibility_sql.gen.go, by go generate), and
// a store test holding the two to the same answers on the same rows on both engines.
// What one reader asked not to see (blocks, reports) is theirs alone, applied after
// these (package moderation).

// Viewer is who reads: ID "" when nobody is signed in; Admin for a moderator.
type Viewer struct {
	ID    string
	Admin bool
}

// ListListedRule: a list is listed (everyone may see it; the column lists.is_public holds
// this) when its owner chose to make it public, no moderator hid it, and its owner is
// not suspended.
var ListListedRule = All(Is("chosen_public"), Not(Is("hidden")), Not(Is("owner_suspended")))

// ListVisibleRule: a viewer may see a list that is listed, or their own, and a moderator
// also a public list that is hidden (by a moderator or its owner's suspension), to judge it.
var ListVisibleRule = Any(Is("listed"), Same("owner", "viewer"), All(Is("admin"), Is("chosen_public")))

// CommentVisibleRule: a viewer may see a comment no moderator hid (nor its author's
// suspension); a hidden one only its author and moderators may.
var CommentVisibleRule = Any(Not(Is("hidden")), Is("admin"), Same("author", "viewer"))

// NoteVisibleRule: a notification shows its recipient its actor's name and words only
// while the actor's account is there and not suspended, and while the list it names and
// the comment it quotes are still there and the recipient may see them (ListVisibleRule,
// CommentVisibleRule): what the page it leads to hides, the inbox hides too.
var NoteVisibleRule = All(Not(Is("actor_deleted")), Not(Is("actor_suspended")),
	Any(Not(Is("names_list")), Is("list_visible")), Any(Not(Is("names_comment")), Is("comment_visible")))

// ListState is what makes a list listed.
type ListState struct {
	ChosenPublic   bool // its owner made it public
	Hidden         bool // a moderator hid it
	OwnerSuspended bool
}

// ListListed is ListListedRule.
func ListListed(s ListState) bool { return ListListedRule.Holds(stateFacts(s)) }

type stateFacts ListState

func (s stateFacts) Bool(name string) bool {
	switch name {
	case "chosen_public":
		return s.ChosenPublic
	case "hidden":
		return s.Hidden
	case "owner_suspended":
		return s.OwnerSuspended
	}
	panic("model: no list fact " + name)
}

func (stateFacts) Text(name string) string { panic("model: no list text " + name) }

// ListRow is what ListVisible reads of a list.
type ListRow struct {
	Owner        string
	Listed       bool // ListListed: lists.is_public
	ChosenPublic bool // its owner made it public, hidden or not
}

// ListVisible is ListVisibleRule: whether v may see the list l.
func ListVisible(l ListRow, v Viewer) bool { return ListVisibleRule.Holds(listFacts{l, v}) }

type listFacts struct {
	l ListRow
	v Viewer
}

func (f listFacts) Bool(name string) bool {
	switch name {
	case "listed":
		return f.l.Listed
	case "chosen_public":
		return f.l.ChosenPublic
	case "admin":
		return f.v.Admin
	}
	panic("model: no list fact " + name)
}

func (f listFacts) Text(name string) string {
	switch name {
	case "owner":
		return f.l.Owner
	case "viewer":
		return f.v.ID
	}
	panic("model: no list text " + name)
}

// CommentRow is what CommentVisible reads of a comment.
type CommentRow struct {
	Author string // "" once the author's account is gone
	Hidden bool   // by a moderator or its author's suspension
}

// CommentVisible is CommentVisibleRule: whether v may see the comment c.
func CommentVisible(c CommentRow, v Viewer) bool { return CommentVisibleRule.Holds(commentFacts{c, v}) }

type commentFacts struct {
	c CommentRow
	v Viewer
}

func (f commentFacts) Bool(name string) bool {
	switch name {
	case "hidden":
		return f.c.Hidden
	case "admin":
		return f.v.Admin
	}
	panic("model: no comment fact " + name)
}

func (f commentFacts) Text(name string) string {
	switch name {
	case "author":
		return f.c.Author
	case "viewer":
		return f.v.ID
	}
	panic("model: no comment text " + name)
}

// NoteRow is what NoteVisible reads of a notification and of what it leads to.
type NoteRow struct {
	Recipient      string
	ActorDeleted   bool // an actor it names has no account any more (an import's may name none)
	ActorSuspended bool
	NamesList      bool        // it leads to a list (a global poll's discussion is none)
	List           *ListRow    // that list; nil once it is deleted
	NamesComment   bool        // it quotes a comment
	Comment        *CommentRow // that comment; nil once it is deleted
}

// NoteVisible is NoteVisibleRule: whether n's recipient may see it.
func NoteVisible(n NoteRow) bool { return NoteVisibleRule.Holds(noteFacts(n)) }

type noteFacts NoteRow

func (f noteFacts) Bool(name string) bool {
	reader := Viewer{ID: f.Recipient}
	switch name {
	case "actor_deleted":
		return f.ActorDeleted
	case "actor_suspended":
		return f.ActorSuspended
	case "names_list":
		return f.NamesList
	case "list_visible":
		return f.List != nil && ListVisible(*f.List, reader)
	case "names_comment":
		return f.NamesComment
	case "comment_visible":
		return f.Comment != nil && CommentVisible(*f.Comment, reader)
	}
	panic("model: no notification fact " + name)
}

func (noteFacts) Text(name string) string { panic("model: no notification text " + name) }

// sqlRule is how one rule becomes a generated Go function returning its SQL: the
// function's name and parameters (each an SQL expression the caller gives), and each
// fact's SQL, where {param} stands for a parameter.
type sqlRule struct {
	fn, doc string
	params  []string
	rule    Rule
	facts   map[string]string
}

// sqlOf is r's SQL with args (SQL expressions) for its parameters, in order: how one
// rule's SQL is a fact of another's.
func (r sqlRule) sqlOf(args ...string) string {
	s := r.rule.sql(func(name string) string { return r.facts[name] })
	for i, p := range r.params {
		s = strings.ReplaceAll(s, "{"+p+"}", args[i])
	}
	return s
}

// sqlRules are the rules the store runs, in the order they are generated.
var sqlRules = []sqlRule{listListedSQL, listVisibleSQL, commentVisibleSQL, noteVisibleSQL}

var (
	listListedSQL = sqlRule{fn: "ListListedSQL", rule: ListListedRule, params: []string{"chosenPublic", "hidden", "owner"},
		doc: "is ListListed in SQL for a list whose owner chose chosenPublic, which hidden says a\n// moderator hid, of the user id owner (each an SQL expression): what lists.is_public holds.",
		facts: map[string]string{
			"chosen_public":   "{chosenPublic}",
			"hidden":          "{hidden}",
			"owner_suspended": "EXISTS (SELECT 1 FROM users su WHERE su.id = {owner} AND su.suspended_at IS NOT NULL)",
		}}
	listVisibleSQL = sqlRule{fn: "ListVisibleSQL", rule: ListVisibleRule, params: []string{"t", "viewer", "admin"},
		doc: "is ListVisible in SQL over the lists row of alias t, for the viewer id viewer\n// (empty for nobody) and the moderator flag admin (SQL expressions).",
		facts: map[string]string{
			"listed":        "{t}.is_public",
			"chosen_public": "{t}.chosen_public",
			"owner":         "{t}.user_id",
			"viewer":        "{viewer}",
			"admin":         "{admin}",
		}}
	commentVisibleSQL = sqlRule{fn: "CommentVisibleSQL", rule: CommentVisibleRule, params: []string{"t", "viewer", "admin"},
		doc: "is CommentVisible in SQL over the comments row of alias t, for the viewer id\n// viewer (empty for nobody) and the moderator flag admin (SQL expressions).",
		facts: map[string]string{
			"hidden": "{t}.hidden_at IS NOT NULL",
			"author": "COALESCE({t}.user_id, '')",
			"viewer": "{viewer}",
			"admin":  "{admin}",
		}}
	// A notification is read by its recipient alone, never as a moderator. One without an
	// actor (an import's) looks its recipient up instead, who is there: written so, each
	// fact is one lookup by key that PostgreSQL joins, where an OR made it hash every user.
	noteVisibleSQL = sqlRule{fn: "NoteVisibleSQL", rule: NoteVisibleRule, params: []string{"n"},
		doc: "is NoteVisible in SQL over the notifications row of alias n, for its recipient.",
		facts: map[string]string{
			"actor_deleted":   "NOT EXISTS (SELECT 1 FROM users u WHERE u.id = COALESCE(NULLIF({n}.actor_id, ''), {n}.user_id))",
			"actor_suspended": "EXISTS (SELECT 1 FROM users u WHERE u.id = {n}.actor_id AND u.suspended_at IS NOT NULL)",
			"names_list":      "({n}.list_id <> '' AND {n}.list_user_id <> '')",
			"list_visible": "EXISTS (SELECT 1 FROM lists l WHERE l.user_id = {n}.list_user_id AND l.id = {n}.list_id AND " +
				listVisibleSQL.sqlOf("l", "{n}.user_id", "FALSE") + ")",
			"names_comment": "{n}.comment_id <> ''",
			"comment_visible": "EXISTS (SELECT 1 FROM comments c WHERE c.id = {n}.comment_id AND " +
				commentVisibleSQL.sqlOf("c", "{n}.user_id", "FALSE") + ")",
		}}
)
