// Package lists holds the rules of ranked lists: what a valid list is, how the items a
// client sends become catalog entries, which type tag a list carries, who may see,
// edit and delete a list (access.go), and how new lists are named (ids.go).
package lists

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// Limits from the product spec (section 9); MaxItems keeps one list a sane size.
const (
	MaxNameLength        = 50
	MaxDescriptionLength = 200
	MaxItems             = 100
	MaxNoteLength        = 280
)

// The automatic type tags. They are computed, never chosen, and the UI hides them.
const (
	SeasonRankingTag   = "season-ranking"
	SurvivorRankingTag = "survivor-ranking"
)

// UserTags are the tags a user may choose, in display order.
var UserTags = model.UserTags

// Messages a user reads.
const (
	MsgNameRequired = problem.MsgListNameRequired
	MsgMixed        = problem.MsgListMixed
)

// ItemInput is an item as a client sends it: at least an id and whether it is a
// season; SeasonID optionally picks which season's headshot a contestant shows, Note
// says why it sits where it does.
type ItemInput struct {
	ID       string
	IsSeason bool
	SeasonID string
	// Note is the author's note on the entry, checked by cleanNote.
	Note string
}

// Input is a list (or draft) as a client sends it.
type Input struct {
	Name        string
	Description string
	Tags        []string
	Items       []ItemInput
	// Public is the Public switch, nil when not sent (DefaultPublic).
	Public *bool
	// RemixOf names the list a new list or a draft remixes; nil for none. An edit
	// keeps the origin its list has.
	RemixOf *model.ListRef
	// Format is model.FormatRanked ("" too) or model.FormatTiers. A tier list sends its
	// entries in Tiers, none in Items; a tier draft also its unplaced entries in Pool.
	Format string
	Tiers  []TierInput
	Pool   []ItemInput
	// Sorter is a draft's sorting in progress (nil for none); a list ignores it.
	Sorter *SorterInput
}

// Content is validated list content, ready to store.
type Content struct {
	Name        string
	Description string
	// Tags are the chosen tags in display order followed by the type tag.
	Tags []string
	// Items are a ranked list's items, or a tier list's entries tier by tier.
	Items  []model.Item
	Format string
	// Tiers are a tier list's tiers (nil for a ranked list); Pool a tier draft's
	// unplaced entries.
	Tiers []model.Tier
	Pool  []model.Item
}

// IsSeason tells whether the list ranks seasons.
func (c Content) IsSeason() bool { return len(c.Items) > 0 && c.Items[0].IsSeason }

// SearchText is what browse search matches besides the author: the lower-cased
// name, description, item names and notes.
func (c Content) SearchText() string {
	parts := []string{c.Name, c.Description}
	for _, it := range c.Items {
		parts = append(parts, it.Name)
		if it.Note != "" {
			parts = append(parts, it.Note)
		}
	}
	return strings.ToLower(strings.Join(parts, "\n"))
}

// Stored is the content as the store keeps it, public or not.
func (c Content) Stored(isPublic bool) model.ListContent {
	return model.ListContent{Name: c.Name, Description: c.Description, Tags: c.Tags, Items: c.Items,
		IsPublic: isPublic, IsSeason: c.IsSeason(), SearchText: c.SearchText(), Format: c.Format, Tiers: c.Tiers}
}

// Draft is the content as the user's unsaved creator state, saved at now.
func (c Content) Draft(isPublic bool, now time.Time) *model.Draft {
	return &model.Draft{Name: c.Name, Description: c.Description, Tags: c.Tags, Items: c.Items,
		IsPublic: isPublic, UpdatedAt: now, Format: c.Format, Tiers: c.Tiers, Pool: c.Pool}
}

// TypeTag is season-ranking when any item is a season, else survivor-ranking.
func TypeTag(items []model.Item) string {
	for _, it := range items {
		if it.IsSeason {
			return SeasonRankingTag
		}
	}
	return SurvivorRankingTag
}

// IsTag tells whether tag is a user tag or a type tag (what browse may filter by).
func IsTag(tag string) bool {
	return isUserTag(tag) || tag == SeasonRankingTag || tag == SurvivorRankingTag
}

func isUserTag(tag string) bool {
	for _, t := range UserTags {
		if t == tag {
			return true
		}
	}
	return false
}

// ValidateList checks a list about to be saved and fills its items from the catalog.
func ValidateList(cat *catalog.Catalog, in Input) (Content, error) {
	c, err := validate(cat, in, false)
	if err != nil {
		return Content{}, err
	}
	if c.Name == "" {
		return Content{}, problem.InvalidField("name", MsgNameRequired)
	}
	if len(c.Items) == 0 && c.Format == model.FormatTiers {
		return Content{}, problem.InvalidField("tiers", problem.MsgTierListEmpty)
	}
	if len(c.Items) == 0 {
		return Content{}, problem.InvalidField("contestants", problem.MsgListEmpty)
	}
	return c, nil
}

// ValidateDraft checks an unsaved creator state: the same rules as a list, except
// that it may still have no name and no items, and a tier draft's labels may be empty.
func ValidateDraft(cat *catalog.Catalog, in Input) (Content, error) {
	c, err := validate(cat, in, true)
	if err != nil {
		return Content{}, err
	}
	if len(c.Items) == 0 && len(c.Pool) == 0 {
		c.Tags = c.Tags[:len(c.Tags)-1] // an empty creator has no type yet
	}
	return c, nil
}

func validate(cat *catalog.Catalog, in Input, draft bool) (Content, error) {
	c := Content{Name: strings.TrimSpace(model.WithoutHidden(in.Name)), Description: strings.TrimSpace(in.Description)}
	if utf8.RuneCountInString(c.Name) > MaxNameLength {
		return Content{}, problem.InvalidField("name", problem.Format(problem.MsgListNameTooLong, map[string]string{"max": problem.Number(MaxNameLength)}))
	}
	if utf8.RuneCountInString(c.Description) > MaxDescriptionLength {
		return Content{}, problem.InvalidField("description", problem.Format(problem.MsgListDescriptionTooLong, map[string]string{"max": problem.Number(MaxDescriptionLength)}))
	}
	tags, err := userTags(in.Tags)
	if err != nil {
		return Content{}, err
	}
	switch in.Format {
	case "", model.FormatRanked:
		c.Format = model.FormatRanked
		if len(in.Tiers) > 0 || len(in.Pool) > 0 {
			return Content{}, problem.InvalidField("tiers", problem.MsgTiersOnRanked)
		}
		if c.Items, err = Resolve(cat, in.Items); err != nil {
			return Content{}, err
		}
	case model.FormatTiers:
		c.Format = model.FormatTiers
		if c.Tiers, c.Items, c.Pool, err = resolveTiers(cat, in, draft); err != nil {
			return Content{}, err
		}
	default:
		return Content{}, problem.InvalidField("format", problem.Format(problem.MsgListFormatUnknown, map[string]string{"format": problem.Quoted(in.Format)}))
	}
	c.Tags = append(tags, TypeTag(append(c.Items, c.Pool...)))
	return c, nil
}

// userTags keeps the chosen tags in display order. The type tags a client may echo
// back are dropped: the server computes the type itself.
func userTags(in []string) ([]string, error) {
	chosen := map[string]bool{}
	for _, t := range in {
		switch {
		case isUserTag(t):
			chosen[t] = true
		case t == SeasonRankingTag || t == SurvivorRankingTag:
		default:
			return nil, problem.InvalidField("tags", problem.Format(problem.MsgTagUnknown, map[string]string{"tag": problem.Quoted(t)}))
		}
	}
	tags := []string{}
	for _, t := range UserTags {
		if chosen[t] {
			tags = append(tags, t)
		}
	}
	return tags, nil
}

// Resolve fills items in from the catalog, refusing unknown ids, duplicates, a mix of
// seasons and contestants, and more than MaxItems.
func Resolve(cat *catalog.Catalog, in []ItemInput) ([]model.Item, error) {
	if len(in) > MaxItems {
		return nil, problem.InvalidField("contestants", problem.Format(problem.MsgListTooLong, map[string]string{"max": problem.Number(MaxItems)}))
	}
	items := make([]model.Item, 0, len(in))
	seen := map[string]bool{}
	for _, ii := range in {
		it, err := resolveOne(cat, ii)
		if err != nil {
			return nil, err
		}
		if it.Note, err = cleanNote(it, ii.Note); err != nil {
			return nil, err
		}
		if len(items) > 0 && items[0].IsSeason != it.IsSeason {
			return nil, problem.InvalidField("contestants", MsgMixed)
		}
		if seen[it.ID] {
			return nil, problem.InvalidField("contestants", problem.Format(problem.MsgListDuplicate, map[string]string{"name": it.Name}))
		}
		seen[it.ID] = true
		items = append(items, it)
	}
	return items, nil
}

// cleanNote is the note on it without hidden characters (model.HiddenChar) and trimmed,
// refused when longer than MaxNoteLength or holding control characters (a note is one
// paragraph of plain text).
func cleanNote(it model.Item, note string) (string, error) {
	note = strings.TrimSpace(model.WithoutHidden(note))
	if utf8.RuneCountInString(note) > MaxNoteLength {
		return "", problem.InvalidField("contestants", problem.Format(problem.MsgNoteTooLong, map[string]string{"name": it.Name, "max": problem.Number(MaxNoteLength)}))
	}
	if strings.IndexFunc(note, unicode.IsControl) >= 0 {
		return "", problem.InvalidField("contestants", problem.Format(problem.MsgNoteControl, map[string]string{"name": it.Name}))
	}
	return note, nil
}

func resolveOne(cat *catalog.Catalog, in ItemInput) (model.Item, error) {
	if in.IsSeason {
		s, ok := cat.Season(in.ID)
		if !ok {
			return model.Item{}, problem.InvalidField("contestants", problem.Format(problem.MsgSeasonUnknown, map[string]string{"id": problem.Quoted(in.ID)}))
		}
		return model.Item{ID: s.ID, Name: s.Name, ImageURL: s.LogoURL, IsSeason: true, SeasonID: s.ID, SeasonName: s.Name}, nil
	}
	ct, s, ok := cat.Contestant(in.ID, in.SeasonID)
	if !ok {
		return model.Item{}, problem.InvalidField("contestants", problem.Format(problem.MsgContestantUnknown, map[string]string{"id": problem.Quoted(in.ID)}))
	}
	return model.Item{ID: ct.ID, Name: ct.Name, ImageURL: ct.ImageURL, SeasonID: s.ID, SeasonName: s.Name}, nil
}
