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
		// Greek and Cyrillic capitals that draw as Latin ones, and a name with a run of
		// spaces, which is stored drawn as it is (with one) and keeps it, being older.
		"uKate":  {DisplayName: "KATE", CreatedAt: Time{importTime.AddDate(-5, 0, 0)}},
		"uKappa": {DisplayName: "ΚΑΤΕ", CreatedAt: Time{importTime.AddDate(-4, 0, 0)}},
		"uMax":   {DisplayName: "МАХ", CreatedAt: Time{importTime.AddDate(-4, 0, 0)}},
		"uTom":   {DisplayName: "Tom   West", CreatedAt: Time{importTime.AddDate(-6, 0, 0)}},
		"uTom2":  {DisplayName: "Tom West", CreatedAt: Time{importTime.AddDate(-1, 0, 0)}},
	}}
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{"uHere": true},
		NameKeys: map[string]string{auth.NameKey("joeyyeya"): "uHere", auth.NameKey("Max"): "uHere"}, EmailKeys: map[string]string{},
		Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{}, Polls: map[string]string{}, LegacyEmpty: true}
	names := map[string]string{}
	_, rep := Plan(exp, catalog.MustLoad(), state, importTime, func(b store.DemoBatch) {
		for _, u := range b.Users {
			names[u.ID] = u.DisplayName
		}
	})
	for id, want := range map[string]string{"uOld": "bill", "uNew": "biII2", "uCyr": "јоеууеуа2",
		"uKate": "KATE", "uKappa": "ΚΑΤΕ2", "uMax": "МАХ2", "uTom": "Tom West", "uTom2": "Tom West2"} {
		if names[id] != want {
			t.Errorf("%s imported as %q, want %q", id, names[id], want)
		}
	}
	if !hasLine(rep.Repaired, "uNew", `"biII" became "biII2"`) || !hasLine(rep.Repaired, "uCyr", `"јоеууеуа2"`) ||
		!hasLine(rep.Repaired, "uTom", `"Tom   West" became "Tom West"`) {
		t.Errorf("report: %v", rep.Repaired)
	}
}
