// Command gen writes internal/shareimage/palette.gen.go from the x-palette map of the
// TierColor schema in api/openapi.yaml, the tier colors' one source: the share image draws
// a tier in the very color the app shows it in (web/scripts/generate-contract.mjs writes
// the app's side). Run by `make generate`.
//
//	go run ./internal/shareimage/gen [-o internal/shareimage/palette.gen.go]
package main

import (
	"bytes"
	"fmt"
	"regexp"

	"castaway/internal/contractgen"
)

func main() { contractgen.Main("internal/shareimage/palette.gen.go", Render) }

var hex = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// Render is the Go source of the contract's tier palette (the YAML of openapi.yaml).
func Render(yaml []byte) ([]byte, error) {
	names, colors, err := Palette(yaml)
	if err != nil {
		return nil, err
	}
	return contractgen.Source("TierColor's x-palette", "internal/shareimage/gen", "shareimage", func(b *bytes.Buffer) {
		b.WriteString("import \"image/color\"\n\n")
		b.WriteString("// TierColors are the tier palette's colors by name, as the app shows them.\n")
		b.WriteString("var TierColors = map[string]color.RGBA{\n")
		for _, n := range names {
			var r, g, bl uint8
			fmt.Sscanf(colors[n], "#%02x%02x%02x", &r, &g, &bl)
			fmt.Fprintf(b, "\t%q: {0x%02x, 0x%02x, 0x%02x, 0xff}, // %s\n", n, r, g, bl, colors[n])
		}
		b.WriteString("}\n")
	})
}

// Palette reads TierColor's names (its enum, in order) and x-palette, refusing a name
// without a color, a color without a name, or a color that is not #rrggbb.
func Palette(yaml []byte) ([]string, map[string]string, error) {
	doc, err := contractgen.Load(yaml)
	if err != nil {
		return nil, nil, err
	}
	ref := doc.Components.Schemas["TierColor"]
	if ref == nil || ref.Value == nil {
		return nil, nil, fmt.Errorf("the contract has no TierColor schema")
	}
	raw, ok := ref.Value.Extensions["x-palette"].(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("TierColor has no x-palette map")
	}
	var names []string
	colors := map[string]string{}
	for _, e := range ref.Value.Enum {
		n, _ := e.(string)
		c, _ := raw[n].(string)
		if !hex.MatchString(c) {
			return nil, nil, fmt.Errorf("x-palette.%s: want #rrggbb (lower case), have %q", n, c)
		}
		names, colors[n] = append(names, n), c
	}
	if len(raw) != len(names) {
		return nil, nil, fmt.Errorf("x-palette names %d colors for %d TierColor values", len(raw), len(names))
	}
	return names, colors, nil
}
