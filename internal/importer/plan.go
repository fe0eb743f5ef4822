package importer

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// MaxCommentLength is the longest comment castaway keeps (spec section 9).
const MaxCommentLength = 500

// maxIdols bounds an imported idol count (one found a second for a year is far less).
const maxIdols = 1_000_000

// notificationTypes are the kinds of notification castaway knows.
var notificationTypes = map[string]bool{"list_like": true, "comment": true, "comment_reply": true, "comment_like": true}

type planner struct {
	exp *Export
	cat *catalog.Catalog
	st  *store.ImportState
	now time.Time
	rep *Report

	emit     func(store.DemoBatch)
	accounts map[string]bool         // ids that have an account once the plan is written
	taken    map[string]bool         // look-alike keys (auth.NameKey) of the display names in use
	emails   map[string]bool         // folded emails in use
	lists    map[[2]string]bool      // lists that exist once the plan is written
	comments map[string]commentPlace // comments that exist once the plan is written
	ballots  map[string][][]string   // poll id -> every readable ballot of the export
}

type commentPlace struct{ listUserID, listID, parentID string }

// Plan plans the import of exp into a database in state st, at now, handing each unit
// to emit in order (a user, a list with its items, tags and upvotes, a comment with its
// votes, ...; a later unit may depend on an earlier one). It returns the legacy record
// when it comes across, and the report so far. It never fails: what cannot come across
// is left out with a line in the report.
func Plan(exp *Export, cat *catalog.Catalog, st *store.ImportState, now time.Time, emit func(store.DemoBatch)) (*model.LegacyRecord, *Report) {
	p := &planner{exp: exp, cat: cat, st: st, now: now.UTC(), rep: newReport(), emit: emit,
		accounts: map[string]bool{}, taken: map[string]bool{}, emails: map[string]bool{},
		lists: map[[2]string]bool{}, comments: map[string]commentPlace{}, ballots: map[string][][]string{}}
	for id := range st.Users {
		p.accounts[id] = true
	}
	for k := range st.NameKeys {
		p.taken[k] = true
	}
	for k := range st.EmailKeys {
		p.emails[k] = true
	}
	for k := range st.Lists {
		p.lists[k] = true
	}
	for id, c := range st.Comments {
		p.comments[id] = commentPlace{c.ListUserID, c.ListID, c.ParentID}
	}
	for _, b := range exp.Bad {
		p.rep.Skipped = append(p.rep.Skipped, b)
	}
	p.users()
	p.userLists()
	p.favorites()
	p.commentsInOrder()
	p.notifications()
	p.globalBallots()
	p.compareAggregates()
	return p.legacy(), p.rep
}

func (p *planner) imported(kind, id string) bool {
	return p.st.Imported[store.Imported{Kind: kind, ID: id}]
}

// validID keeps ids that fit in a URL path segment and a database key.
func validID(id string) bool {
	return id != "" && len(id) <= 128 && !strings.ContainsAny(id, "/?#%\\") &&
		strings.IndexFunc(id, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) < 0
}

func orNow(t Time, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t.Time
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}

// sortedKeys gives a map's keys in order, so every run plans the same way.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// users makes an account (without a password) for each user, and for each lists
// document whose owner has no users document, oldest first, so that of two names
// that look alike (auth.NameKey: letter case, look-alike letters) the earlier account keeps it.
func (p *planner) users() {
	type candidate struct {
		id      string
		u       User
		orphan  bool
		created time.Time
	}
	var all []candidate
	for id, u := range p.exp.Users {
		all = append(all, candidate{id: id, u: u, created: orNow(u.CreatedAt, p.now)})
	}
	for id, doc := range p.exp.UserLists {
		if _, ok := p.exp.Users[id]; ok {
			continue
		}
		created := p.now
		for _, l := range doc.Lists {
			if t := orNow(l.CreatedAt, p.now); t.Before(created) {
				created = t
			}
		}
		all = append(all, candidate{id: id, u: User{DisplayName: doc.DisplayName}, orphan: true, created: created})
	}
	slices.SortFunc(all, func(a, b candidate) int { return cmp.Or(a.created.Compare(b.created), cmp.Compare(a.id, b.id)) })
	var kept []candidate
	for _, c := range all {
		switch {
		case !validID(c.id):
			p.rep.skip("users", 1, "user %q: the id cannot be part of a link", c.id)
		case p.imported("user", c.id):
			p.rep.already("users")
		case p.st.Users[c.id]:
			p.rep.skip("users", 1, "user %q: castaway already has an account with this id that no import made", c.id)
		default:
			kept = append(kept, c)
		}
	}
	// Names are claimed oldest first; only then are the clashing ones renamed, so a
	// rename never takes another imported user's own name.
	names := make([]string, len(kept))
	for i, c := range kept {
		// UniqueName gives back a name as it is drawn (a run of spaces as one) only when it
		// is free and valid.
		if want := model.CollapseSpaces(strings.TrimSpace(c.u.DisplayName)); want != "" && auth.UniqueName(want, p.taken) == want {
			names[i] = want
			p.taken[auth.NameKey(want)] = true
		}
	}
	for i, c := range kept {
		want := strings.TrimSpace(c.u.DisplayName)
		name := names[i]
		if name == "" {
			base := want
			if base == "" {
				base = auth.DisplayNameFromEmail(strings.TrimSpace(c.u.Email))
			}
			name = auth.UniqueName(base, p.taken)
			p.taken[auth.NameKey(name)] = true
		}
		if name != want {
			p.rep.repair("user %q: display name %q became %q (names are unique regardless of case and look-alike letters, at most %d characters, a run of spaces as one)",
				c.id, want, name, auth.MaxDisplayNameLength)
		}
		email := strings.TrimSpace(c.u.Email)
		switch {
		case email == "" && c.orphan:
			p.rep.note("user %q (%q): had lists but no users document; made an account without email, so nobody can sign in to it yet", c.id, name)
		case email == "":
			p.rep.note("user %q (%q): no email (a Twitter sign-in?); the account cannot be claimed by password reset until an email is set", c.id, name)
		case p.emails[model.FoldKey(email)]:
			p.rep.skip("users", 0, "user %q (%q): email %q is already another account's; imported without email", c.id, name, email)
			email = ""
		case !strings.Contains(email, "@") || auth.HiddenInEmail(email): // as sign-up refuses it
			p.rep.repair("user %q (%q): %q is not an email address; imported without email", c.id, name, email)
			email = ""
		}
		if email != "" {
			p.emails[model.FoldKey(email)] = true
		}
		idols := int(min(max(c.u.IdolsFound, 0), maxIdols))
		p.accounts[c.id] = true
		p.emit(store.DemoBatch{
			Users: []store.DemoUser{{ID: c.id, Email: email, DisplayName: name, IdolsFound: idols, CreatedAt: c.created,
				EmailVerified: c.u.EmailVerified}},
			Imported: []store.Imported{{Kind: "user", ID: c.id}},
		})
		p.rep.imported("users", 1)
	}
}

// repairItems brings a list's items into line with the rules of list items: earlier
// ids are translated, unknown ids, repeats and items of the other kind than the
// first (lists that mixed kinds were made by an old bug; the first item's kind is
// kept) are dropped, and at most lists.MaxItems are kept. Each change is described.
func (p *planner) repairItems(in []Item) ([]lists.ItemInput, []string) {
	var out []lists.ItemInput
	var notes []string
	seen := map[string]bool{}
	for _, it := range in {
		var ii lists.ItemInput
		label := cmp.Or(strings.TrimSpace(it.Name), it.ID)
		if s, ok := p.cat.Season(it.ID); ok && (it.IsSeason || !p.isContestant(it.ID)) {
			ii = lists.ItemInput{ID: s.ID, IsSeason: true}
		} else if ct, _, ok := p.cat.Contestant(it.ID, it.SeasonID); ok {
			if ct.ID != it.ID {
				notes = append(notes, fmt.Sprintf("earlier id %q is now %q", it.ID, ct.ID))
			}
			ii = lists.ItemInput{ID: ct.ID, SeasonID: it.SeasonID}
		} else {
			notes = append(notes, fmt.Sprintf("%q is not in the catalog, dropped", label))
			continue
		}
		switch {
		case seen[ii.ID]:
			notes = append(notes, fmt.Sprintf("%q appeared twice, the repeat dropped", label))
			continue
		case len(out) > 0 && out[0].IsSeason != ii.IsSeason:
			kind := map[bool]string{true: "season", false: "contestant"}
			notes = append(notes, fmt.Sprintf("%q is a %s in a %s list (the earlier site let lists mix kinds), dropped",
				label, kind[ii.IsSeason], kind[out[0].IsSeason]))
			continue
		case len(out) == lists.MaxItems:
			notes = append(notes, fmt.Sprintf("%q is past the %d items a list holds, dropped", label, lists.MaxItems))
			continue
		}
		seen[ii.ID] = true
		out = append(out, ii)
	}
	return out, notes
}

func (p *planner) isContestant(id string) bool {
	_, _, ok := p.cat.Contestant(id, "")
	return ok
}

// content repairs a list or draft's fields and checks the result under castaway's
// rules; notes say what changed.
func (p *planner) content(name, description string, tags []string, items []Item, draft bool) (lists.Content, []string, error) {
	inputs, notes := p.repairItems(items)
	name, description = strings.TrimSpace(name), strings.TrimSpace(description)
	if n := truncateRunes(name, lists.MaxNameLength); n != name {
		notes = append(notes, fmt.Sprintf("name cut to %d characters", lists.MaxNameLength))
		name = n
	}
	if name == "" && !draft {
		name = "Untitled list"
		notes = append(notes, "had no name, named \"Untitled list\"")
	}
	if d := truncateRunes(description, lists.MaxDescriptionLength); d != description {
		notes = append(notes, fmt.Sprintf("description cut to %d characters", lists.MaxDescriptionLength))
		description = d
	}
	var kept []string
	for _, t := range tags {
		if lists.IsTag(t) {
			kept = append(kept, t)
		} else {
			notes = append(notes, fmt.Sprintf("unknown tag %q dropped", t))
		}
	}
	in := lists.Input{Name: name, Description: description, Tags: kept, Items: inputs}
	if draft {
		c, err := lists.ValidateDraft(p.cat, in)
		return c, notes, err
	}
	c, err := lists.ValidateList(p.cat, in)
	return c, notes, err
}

// userLists brings each owner's lists (with items, tags and upvotes) and draft across.
func (p *planner) userLists() {
	for _, owner := range sortedKeys(p.exp.UserLists) {
		doc := p.exp.UserLists[owner]
		if !p.accounts[owner] {
			p.rep.skip("lists", len(doc.Lists), "%d list(s) of user %q: the owner has no account", len(doc.Lists), owner)
			continue
		}
		seen := map[string]bool{}
		for _, l := range doc.Lists {
			key := [2]string{owner, l.ID}
			ref := fmt.Sprintf("list %q %q", owner+"/"+l.ID, l.Name)
			switch {
			case !validID(l.ID):
				p.rep.skip("lists", 1, "%s: the id cannot be part of a link", ref)
				continue
			case seen[l.ID]:
				p.rep.skip("lists", 1, "%s: a second list with the same id", ref)
				continue
			case p.imported("list", owner+"/"+l.ID):
				seen[l.ID] = true
				p.rep.already("lists")
				continue
			}
			seen[l.ID] = true
			c, notes, err := p.content(l.Name, l.Description, l.Tags, l.Contestants, false)
			if err != nil {
				p.rep.skip("lists", 1, "%s: %v (%s)", ref, err, strings.Join(notes, "; "))
				continue
			}
			for _, n := range notes {
				p.rep.repair("%s: %s", ref, n)
			}
			public := true
			switch {
			case l.IsPublic != nil:
				public = *l.IsPublic
			case l.Public != nil:
				public = *l.Public
			}
			created := orNow(l.CreatedAt, orNow(Time{millisOfID(l.ID)}, p.now))
			updated := orNow(l.UpdatedAt, created)
			items := c.Items
			unit := store.DemoBatch{
				Lists: []store.DemoList{{UserID: owner, ID: l.ID, Name: c.Name, Description: c.Description, IsPublic: public,
					IsSeason: c.IsSeason(), SearchText: c.SearchText(), Tags: c.Tags, Items: items, CreatedAt: created, UpdatedAt: updated}},
				Imported: []store.Imported{{Kind: "list", ID: owner + "/" + l.ID}},
			}
			voters := map[string]bool{}
			dangling := 0
			for _, uid := range l.Upvotes {
				switch {
				case voters[uid]:
				case !p.accounts[uid]:
					dangling++
				default:
					voters[uid] = true
					// When an upvote was cast is not kept; the list's creation stands in,
					// so old votes do not crowd "Top Voted Lists This Week".
					unit.Upvotes = append(unit.Upvotes, store.DemoUpvote{ListUserID: owner, ListID: l.ID, UserID: uid, CreatedAt: created})
				}
			}
			if dangling > 0 {
				p.rep.skip("upvotes", dangling, "%s: %d upvote(s) from accounts that do not exist", ref, dangling)
			}
			p.lists[key] = true
			p.emit(unit)
			p.rep.imported("lists", 1)
			p.rep.imported("upvotes", len(unit.Upvotes))
		}
		p.draft(owner, doc.Draft)
	}
}

func (p *planner) draft(owner string, d *Draft) {
	if d == nil {
		return
	}
	if p.imported("draft", owner) {
		p.rep.already("drafts")
		return
	}
	c, notes, err := p.content(d.Name, d.Description, d.Tags, d.Contestants, true)
	if err != nil {
		p.rep.skip("drafts", 1, "draft of %q: %v", owner, err)
		return
	}
	for _, n := range notes {
		p.rep.repair("draft of %q: %s", owner, n)
	}
	p.emit(store.DemoBatch{
		Drafts: []store.DemoDraft{{UserID: owner, Draft: model.Draft{Name: c.Name, Description: c.Description, Tags: c.Tags,
			Items: c.Items, IsPublic: true, UpdatedAt: orNow(d.UpdatedAt, p.now)}}},
		Imported: []store.Imported{{Kind: "draft", ID: owner}},
	})
	p.rep.imported("drafts", 1)
}

// favorites brings each user's stars across, once the lists they point at exist.
func (p *planner) favorites() {
	for _, uid := range sortedKeys(p.exp.Users) {
		favs := p.exp.Users[uid].Favorites
		if len(favs) == 0 || !p.accounts[uid] {
			continue
		}
		if p.imported("favorites", uid) {
			p.rep.already("favorites")
			continue
		}
		unit := store.DemoBatch{Imported: []store.Imported{{Kind: "favorites", ID: uid}}}
		seen := map[[2]string]bool{}
		for _, f := range favs {
			key := [2]string{f.UserID, f.ListID}
			switch {
			case seen[key]:
			case !p.lists[key]:
				p.rep.skip("favorites", 1, "favorite of %q: list %q %q no longer exists", uid, f.UserID+"/"+f.ListID, f.Name)
			default:
				seen[key] = true
				unit.Favorites = append(unit.Favorites, store.DemoFavorite{UserID: uid, ListUserID: f.UserID, ListID: f.ListID,
					FavoritedAt: orNow(f.FavoritedAt, p.now)})
			}
		}
		p.emit(unit)
		p.rep.imported("favorites", len(unit.Favorites))
	}
}

// commentsInOrder brings top-level comments across before replies, oldest first.
func (p *planner) commentsInOrder() {
	ids := sortedKeys(p.exp.Comments)
	slices.SortStableFunc(ids, func(a, b string) int {
		ca, cb := p.exp.Comments[a], p.exp.Comments[b]
		return cmp.Or(cmp.Compare(ca.CreatedAt.UnixNano(), cb.CreatedAt.UnixNano()), cmp.Compare(a, b))
	})
	for _, replies := range []bool{false, true} {
		for _, id := range ids {
			if c := p.exp.Comments[id]; (c.ParentID != "") == replies {
				p.comment(id, c)
			}
		}
	}
}

func (p *planner) comment(id string, c Comment) {
	ref := fmt.Sprintf("comment %q", id)
	if !validID(id) {
		p.rep.skip("comments", 1, "%s: the id cannot be a key", ref)
		return
	}
	if p.imported("comment", id) {
		p.rep.already("comments")
		return
	}
	place := commentPlace{listUserID: c.ListUserID, listID: c.ListID}
	if c.ListUserID == "" {
		if _, ok := p.st.Polls[c.ListID]; !ok {
			p.rep.skip("comments", 1, "%s: on global ranking %q, which castaway does not have", ref, c.ListID)
			return
		}
	} else if !p.lists[[2]string{c.ListUserID, c.ListID}] {
		p.rep.skip("comments", 1, "%s: on list %q, which does not exist", ref, c.ListUserID+"/"+c.ListID)
		return
	}
	if c.ParentID != "" {
		parent, ok := p.comments[c.ParentID]
		if !ok || parent.listUserID != place.listUserID || parent.listID != place.listID {
			p.rep.skip("comments", 1, "%s: a reply to comment %q, which is not in the same discussion", ref, c.ParentID)
			return
		}
		place.parentID = c.ParentID
		if parent.parentID != "" { // castaway shows one level of replies
			place.parentID = parent.parentID
			p.rep.repair("%s: a reply to a reply, now a reply to %q", ref, parent.parentID)
		}
	}
	text := strings.TrimSpace(c.Text)
	if text == "" {
		p.rep.skip("comments", 1, "%s: no text", ref)
		return
	}
	if t := truncateRunes(text, MaxCommentLength); t != text {
		p.rep.repair("%s: text cut to %d characters", ref, MaxCommentLength)
		text = t
	}
	author := c.UserID
	if !p.accounts[author] {
		p.rep.repair("%s: its author %q has no account; kept without one (shown as Anonymous)", ref, c.UserID)
		author = ""
	}
	unit := store.DemoBatch{Imported: []store.Imported{{Kind: "comment", ID: id}}}
	row := store.DemoComment{ID: id, ListUserID: place.listUserID, ListID: place.listID, UserID: author, ParentID: place.parentID,
		Text: text, CreatedAt: orNow(c.CreatedAt, p.now)}
	voted := map[string]bool{}
	dangling, both := 0, 0
	for _, v := range []struct {
		users []string
		value int
	}{{c.Upvotes, 1}, {c.Downvotes, -1}} {
		for _, uid := range v.users {
			switch {
			case voted[uid]:
				if v.value == -1 {
					both++
				}
			case !p.accounts[uid]:
				dangling++
			default:
				voted[uid] = true
				unit.CommentVotes = append(unit.CommentVotes, store.DemoCommentVote{CommentID: id, UserID: uid, Value: v.value})
				if v.value == 1 {
					row.Upvotes++
				} else {
					row.Downvotes++
				}
			}
		}
	}
	if dangling > 0 {
		p.rep.skip("comment votes", dangling, "%s: %d vote(s) from accounts that do not exist", ref, dangling)
	}
	if both > 0 {
		p.rep.skip("comment votes", both, "%s: %d user(s) both up- and downvoted; the upvote kept", ref, both)
	}
	unit.Comments = []store.DemoComment{row}
	p.comments[id] = place
	p.emit(unit)
	p.rep.imported("comments", 1)
	p.rep.imported("comment votes", len(unit.CommentVotes))
}

// notifications brings the inboxes across as they were (read or not).
func (p *planner) notifications() {
	for _, id := range sortedKeys(p.exp.Notifications) {
		n := p.exp.Notifications[id]
		ref := fmt.Sprintf("notification %q", id)
		switch {
		case !validID(id):
			p.rep.skip("notifications", 1, "%s: the id cannot be a key", ref)
			continue
		case p.imported("notification", id):
			p.rep.already("notifications")
			continue
		case !p.accounts[n.UserID]:
			p.rep.skip("notifications", 1, "%s: its recipient %q has no account", ref, n.UserID)
			continue
		case !notificationTypes[n.Type]:
			p.rep.skip("notifications", 1, "%s: unknown type %q", ref, n.Type)
			continue
		}
		// The earlier notifications name the list but not its owner: a comment's place
		// says it; a like of a list or a comment on it went to the list's owner.
		listUserID := ""
		if c, ok := p.comments[n.CommentID]; ok && n.CommentID != "" {
			listUserID = c.listUserID
		} else if n.Type == "list_like" || n.Type == "comment" {
			listUserID = n.UserID
		}
		actor := n.CreatedBy
		if !p.accounts[actor] {
			actor = ""
		}
		p.emit(store.DemoBatch{
			Notifications: []model.Notification{{ID: id, UserID: n.UserID, Type: n.Type, ActorID: actor,
				CreatedByName: cmp.Or(strings.TrimSpace(n.CreatedByName), "Anonymous"), Content: n.Content, IsNew: n.IsNew,
				ListUserID: listUserID, ListID: n.ListID, CommentID: n.CommentID, CreatedAt: orNow(n.CreatedAt, p.now)}},
			Imported: []store.Imported{{Kind: "notification", ID: id}},
		})
		p.rep.imported("notifications", 1)
	}
}
