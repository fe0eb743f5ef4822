package shareimage

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"castaway/internal/placeholder"
)

func sampleCard() Card {
	return Card{Eyebrow: "Castaway · Seasons 13, 16, 20, 40", Name: "Parvati Shallow",
		About: "Cook Islands · Micronesia · Heroes vs. Villains · Winners at War", Highlight: "#1 of all time",
		Note: "in the community's ranking · 52 public lists", Site: "survivor.example.org"}
}

func photoCard() Card {
	return Card{Eyebrow: "Castaway · Season 20", Name: "Benjamin 'Coach' Wade ★ the Dragon Slayer",
		About: "Heroes vs. Villains", Note: "Not in the community's ranking yet", Site: "survivor.example.org",
		Picture: Item{Image: portrait(300, 400, color.RGBA{0x20, 0xc0, 0x40, 0xff})}}
}

// TestCardFitsItsBoard: the card is CardWidth x CardHeight; every block of text, however
// long, stays inside the board, in order, none over another, the name at most two lines
// and larger than everything but what it must share the board with.
func TestCardFitsItsBoard(t *testing.T) {
	r := renderer(t)
	long := strings.Repeat("Heroes vs. Villains · ", 12)
	for name, c := range map[string]Card{
		"sample": sampleCard(), "photo": photoCard(),
		"long": {Eyebrow: long, Name: strings.Repeat("Jonathan Fairplay ", 6), About: long, Highlight: "#1,234 of all time", Note: long, Site: long},
		"bare": {Name: "Q"},
		"cjk":  {Name: "山田 太郎", About: "日本語", Eyebrow: "生存者"},
	} {
		lay := r.CardLayout(c)
		text := lay.Board.Inset(cardTextPad - 4) // glyph ink may pass a line's advance a little
		for i, b := range lay.Text {
			if !b.Bound.In(text) {
				t.Errorf("%s: block %d %q at %v, outside the board's text area %v", name, i, b.Lines, b.Bound, text)
			}
			if i > 0 && b.Bound.Overlaps(lay.Text[i-1].Bound) {
				t.Errorf("%s: block %d %q at %v overlaps the one before, %v", name, i, b.Lines, b.Bound, lay.Text[i-1].Bound)
			}
		}
		if n := len(lay.Text[nameBlock(c)].Lines); n < 1 || n > 2 {
			t.Errorf("%s: the name takes %d lines", name, n)
		}
		if lay.Picture.Overlaps(lay.Board) || !lay.Picture.In(image.Rect(0, 0, CardWidth, CardHeight)) {
			t.Errorf("%s: picture at %v, board at %v", name, lay.Picture, lay.Board)
		}
		var buf bytes.Buffer
		if err := r.CardPNG(&buf, c); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil || img.Bounds() != image.Rect(0, 0, CardWidth, CardHeight) {
			t.Fatalf("%s: PNG %v, %v", name, img.Bounds(), err)
		}
	}
	if lay := r.CardLayout(sampleCard()); len(lay.Text[1].Lines) != 1 || lay.Text[1].Size < cardNameMax*3/4 {
		t.Errorf("a short name: %q at %dpx, want one line, large", lay.Text[1].Lines, lay.Text[1].Size)
	}
}

// nameBlock is the index of the name among the card's drawn blocks.
func nameBlock(c Card) int {
	if strings.TrimSpace(c.Eyebrow) == "" {
		return 0
	}
	return 1
}

// TestCardPicture: a card without a headshot shows the name's initials on the disc of the
// site's placeholder colours; with one, the headshot.
func TestCardPicture(t *testing.T) {
	r := renderer(t)
	c := sampleCard()
	lay := r.CardLayout(c)
	img := toRGBA(r.DrawCard(c))
	art := placeholder.Contestant(c.Name)
	top, bottom := art.Colors()
	m := lay.Mark
	if m.Initials != "PS" || !m.Disc.In(lay.Picture) || m.Disc.Dx() < lay.Picture.Dx()*3/4 {
		t.Fatalf("initials %q on a disc %v in %v", m.Initials, m.Disc, lay.Picture)
	}
	mid := m.Disc.Min.X + m.Disc.Dx()/2
	if c := img.RGBAAt(mid, m.Disc.Min.Y+m.Disc.Dy()/10); near(c, top) > 24 {
		t.Errorf("the disc's top is %v, want about %v", c, top)
	}
	if c := img.RGBAAt(mid, m.Disc.Max.Y-m.Disc.Dy()/10); near(c, bottom) > 24 {
		t.Errorf("the disc's foot is %v, want about %v", c, bottom)
	}
	if !inkOf(img, m.Disc.Inset(m.Disc.Dx()/4), cream) {
		t.Error("no initials drawn on the disc")
	}

	p := photoCard()
	lay = r.CardLayout(p)
	img = toRGBA(r.DrawCard(p))
	if !lay.Mark.Disc.Empty() {
		t.Errorf("a card with a headshot has a disc at %v", lay.Mark.Disc)
	}
	if c := img.RGBAAt(lay.Picture.Min.X+6, lay.Picture.Min.Y+6); c.G < 0xa0 || c.R > 0x60 {
		t.Errorf("the headshot's corner is %v", c)
	}
}
