package importer

import (
	"testing"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/store"
)

// Imported names clash by the same look-alike rule as sign-up and rename: of two names
// that look alike the older keeps it, and a name that looks like one castaway already
// has is renamed.
func TestImportedLookAlikesAreRenamed(t *testing.T) {
	exp := &Export{Users: map[string]User{
		"uOld": {DisplayName: "bill", CreatedAt: Time{importTime.AddDate(-2, 0, 0)}},
		"uNew": {DisplayName: "biII", CreatedAt: Time{importTime.AddDate(-1, 0, 0)}}, // capital I for l
		"uCyr": {DisplayName: "јоеууеуа", CreatedAt: Time{importTime.AddDate(-3, 0, 0)}},
	}}
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{"uHere": true},
		NameKeys: map[string]string{auth.NameKey("joeyyeya"): "uHere"}, EmailKeys: map[string]string{},
		Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{}, Polls: map[string]string{}, LegacyEmpty: true}
	names := map[string]string{}
	_, rep := Plan(exp, catalog.MustLoad(), state, importTime, func(b store.DemoBatch) {
		for _, u := range b.Users {
			names[u.ID] = u.DisplayName
		}
	})
	for id, want := range map[string]string{"uOld": "bill", "uNew": "biII2", "uCyr": "јоеууеуа2"} {
		if names[id] != want {
			t.Errorf("%s imported as %q, want %q", id, names[id], want)
		}
	}
	if !hasLine(rep.Repaired, "uNew", `"biII" became "biII2"`) || !hasLine(rep.Repaired, "uCyr", `"јоеууеуа2"`) {
		t.Errorf("report: %v", rep.Repaired)
	}
}
