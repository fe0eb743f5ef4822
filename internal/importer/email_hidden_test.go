package importer

import (
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/store"
)

// An address holding a character that shows nothing or turns text around (which sign-up
// refuses, auth.HiddenInEmail) is imported as an address that is none: the account comes
// without it, and the report says so.
func TestHiddenCharactersLeaveTheEmailOut(t *testing.T) {
	exp := sample(t)
	var id string
	for k, u := range exp.Users {
		if u.Email == "andrew@example.com" {
			id = k
			u.Email = "andr\u200bew@example.com"
			exp.Users[k] = u
		}
	}
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{}, NameKeys: map[string]string{},
		EmailKeys: map[string]string{}, Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{},
		Polls: map[string]string{"season-48": "s48"}, LegacyEmpty: true}
	emails := map[string]string{}
	_, rep := Plan(exp, catalog.MustLoad(), state, importTime, func(b store.DemoBatch) {
		for _, u := range b.Users {
			emails[u.ID] = u.Email
		}
	})
	if got, ok := emails[id]; !ok || got != "" || !hasLine(rep.Repaired, id, "not an email address") {
		t.Errorf("user %s imported with %q (%v); repairs: %v", id, got, ok, rep.Repaired)
	}
}
