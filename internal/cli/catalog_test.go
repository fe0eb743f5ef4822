package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/game/survivor"
)

// The operator's game commands, end to end on each engine: a season on air added from a
// cast file, a boot recorded and refused again, a poll on it and on another franchise's
// season, an import of the copy in place (nothing changes) and of a broken one (refused).
func TestCatalogCommands(t *testing.T) {
	for name, dbURL := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := dbURL(t)
			cast := filepath.Join(t.TempDir(), "cast.json")
			os.WriteFile(cast, []byte(`[{"contestantId": "ozzy-lusth", "tribe": "Kele"}, {"name": "Jane Doe", "tribe": "Kele"},
				{"name": "John Roe", "tribe": "Hina"}]`), 0o644)
			out, err := runCmd(t, "catalog", "season", "--database-url", db, "--number", "51", "--name", "Survivor 51",
				"--premiere", "2027-02-24", "--cast", cast)
			if err != nil || !strings.Contains(out, "added s51 (Survivor 51) with 3 castaways") {
				t.Fatalf("season: %v\n%s", err, out)
			}
			out, err = runCmd(t, "catalog", "boot", "--database-url", db, "--season", "s51", "--episode", "1", "--day", "3",
				"--castaway", "jane-doe", "--result", "1st voted out", "--vote", "john-roe=jane-doe", "--vote", "jane-doe=john-roe")
			if err != nil || !strings.Contains(out, "recorded boot 1 of s51") {
				t.Fatalf("boot: %v\n%s", err, out)
			}
			out, err = runCmd(t, "catalog", "boot", "--database-url", db, "--season", "s51", "--episode", "2", "--day", "5",
				"--castaway", "jane-doe", "--result", "2nd voted out")
			if code(err) != 1 || !strings.Contains(out, "Jane Doe is already out of the game.") {
				t.Errorf("booting her again: %v\n%s", err, out)
			}
			for _, season := range []string{"s51", "au3"} {
				if out, err := runCmd(t, "polls", "add", "--database-url", db, "--id", "poll-"+season, "--season", season, "--title", "T"); err != nil {
					t.Errorf("a poll on %s: %v\n%s", season, err, out)
				}
			}
			published := t.TempDir()
			if err := survivor.WriteTo(published); err != nil {
				t.Fatal(err)
			}
			out, err = runCmd(t, "catalog", "import", "--database-url", db, published)
			if err != nil || !strings.Contains(out, "nothing changed") {
				t.Errorf("importing the copy in place: %v\n%s", err, out)
			}
			broken := t.TempDir()
			os.WriteFile(filepath.Join(broken, "season_summary.json"), []byte("[]"), 0o644)
			out, err = runCmd(t, "catalog", "import", "--database-url", db, broken)
			if code(err) != 1 || !strings.Contains(out, "the import was refused, nothing changed") {
				t.Errorf("a broken copy: %v\n%s", err, out)
			}
			if out, err := runCmd(t, "verify", "--database-url", db); err != nil {
				t.Errorf("verify after: %v\n%s", err, out)
			}
		})
	}
}

// code is the exit status of a run's error (0 for none).
func code(err error) int {
	if ee, ok := err.(*exitError); ok {
		return ee.code
	}
	return 0
}
