package shareimage

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/go-text/typesetting/font"
)

// The bundled fonts (SIL OFL 1.1, see fonts/OFL.txt), subset by fonts/subset.sh.
//
//go:embed fonts/*.ttf fonts/*.otf
var fontFiles embed.FS

// fontChain is the order in which fonts are asked for a character: the first
// with a glyph for it draws it. Noto Sans draws Latin, Cyrillic and Greek;
// the symbol fonts come before Noto Emoji, whose versions of text symbols
// (❤, ☀) are hatched to suggest colour, and which draws the pictographs (🔥).
var fontChain = []string{
	"NotoSans-Bold.ttf",
	"NotoSansArabic-Bold.ttf",
	"NotoSansHebrew-Bold.ttf",
	"NotoSansCJKjp-Bold.otf",
	"NotoSansSymbols-Bold.ttf",
	"NotoSansSymbols2-Regular.ttf",
	"NotoEmoji-Bold.ttf",
}

// loadFonts parses the chain once; a *font.Font is read-only and safe to share.
func loadFonts() ([]*font.Font, error) {
	out := make([]*font.Font, 0, len(fontChain))
	for _, name := range fontChain {
		b, err := fontFiles.ReadFile("fonts/" + name)
		if err != nil {
			return nil, fmt.Errorf("shareimage: %w", err)
		}
		f, err := font.ParseTTF(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("shareimage: parse %s: %w", name, err)
		}
		out = append(out, f.Font)
	}
	return out, nil
}
