package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	contract "castaway/api"
)

// The committed palette.gen.go is what the contract generates (make check-generated says so
// too, this says it in go test), and a palette that does not match TierColor is refused.
func TestPaletteIsTheContracts(t *testing.T) {
	got, err := Render(contract.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile("../palette.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, onDisk) {
		t.Errorf("internal/shareimage/palette.gen.go is out of date with api/openapi.yaml: run 'make generate'")
	}
	spec := string(contract.OpenAPI)
	for name, broken := range map[string]string{
		"a color missing": strings.Replace(spec, `gray: "#c6c4bc" }`, `}`, 1),
		"not #rrggbb":     strings.Replace(spec, `red: "#ff8080"`, `red: "salmon"`, 1),
		"an extra color":  strings.Replace(spec, `gray: "#c6c4bc" }`, `gray: "#c6c4bc", mauve: "#e0b0ff" }`, 1),
	} {
		if broken == spec {
			t.Fatalf("%s: the contract's palette is not where this test expects it", name)
		}
		if _, err := Render([]byte(broken)); err == nil {
			t.Errorf("%s: rendered, want an error", name)
		}
	}
}
