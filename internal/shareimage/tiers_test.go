package shareimage

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"castaway/internal/placeholder"
)

// tierSample is a tier list of seven tiers: a full one, one of every script's label, an
// empty one, seasons, the longest label, and a long word's of castaways without pictures.
func tierSample() List {
	var many []Item
	for i := range 24 {
		many = append(many, Item{Name: fmt.Sprint(i), Image: portrait(120, 160, color.RGBA{uint8(40 + i*8), 0x90, 0xc0, 0xff})})
	}
	return List{Title: "Tier list ★ all-time", Site: "survivor.example.org", Tiers: []Tier{
		{Label: "S", Color: "red", Items: sampleList().Items[:3]},
		{Label: "A", Color: "orange", Items: many},
		{Label: "日本語 tier", Color: "yellow", Items: []Item{{Name: "x"}}},
		{Label: "C", Color: "green"},
		{Label: "Seasons", Color: "teal", Items: []Item{{Name: "HvV", IsSeason: true}, {Name: "Palau", IsSeason: true,
			Image: portrait(400, 200, color.RGBA{0xc0, 0x40, 0x30, 0xff})}}},
		{Label: "A label of twenty ch", Color: "purple", Items: sampleList().Items[3:]},
		{Label: "Goats", Color: "green", Items: []Item{{Name: "Colby Donaldson"}, {Name: "Benjamin 'Coach' Wade"}}},
	}}
}

// TestTierChartFitsEveryEntry: every tier gets a row in the five rows' band, in order,
// its label inside its colored cell, and every entry a picture inside its row, right
// of the label, none overlapping; more entries make smaller pictures, and the size of
// the image stays the same.
func TestTierChartFitsEveryEntry(t *testing.T) {
	r := renderer(t)
	band := image.Rect(TitleX-110, ItemsTop, TextRightLimit+60, ItemsTop+MaxItems*RowHeight-rowGap)
	for _, n := range []int{1, 3, 6, 10} {
		l := tierSample()
		for len(l.Tiers) < n {
			l.Tiers = append(l.Tiers, Tier{Label: fmt.Sprint(len(l.Tiers)), Color: "blue", Items: l.Tiers[1].Items})
		}
		l.Tiers = l.Tiers[:n]
		lay := r.Layout(l)
		if len(lay.Items) != 0 || len(lay.Tiers) != n {
			t.Fatalf("%d tiers: %d item rows, %d tier rows", n, len(lay.Items), len(lay.Tiers))
		}
		for i, tl := range lay.Tiers {
			if !tl.RowRect.In(band) || (i > 0 && tl.RowRect.Min.Y <= lay.Tiers[i-1].RowRect.Max.Y) {
				t.Errorf("%d tiers: row %d at %v, outside %v or not below the one before", n, i, tl.RowRect, band)
			}
			if !tl.LabelBound.In(tl.LabelRect.Inset(4)) || len(tl.Label) == 0 {
				t.Errorf("%d tiers: label %q drawn at %v, outside its cell %v", n, tl.Label, tl.LabelBound, tl.LabelRect)
			}
			if len(tl.Tiles) != len(l.Tiers[i].Items) {
				t.Fatalf("%d tiers: tier %d has %d pictures for %d entries", n, i, len(tl.Tiles), len(l.Tiers[i].Items))
			}
			for j, p := range tl.Tiles {
				if !p.In(tl.RowRect) || p.Min.X < tl.LabelRect.Max.X || p.Dx() != tl.Side || p.Dy() != tl.Side {
					t.Errorf("%d tiers: tier %d picture %d at %v, outside its row %v or over the label", n, i, j, p, tl.RowRect)
				}
				for _, q := range tl.Tiles[:j] {
					if p.Overlaps(q) {
						t.Errorf("%d tiers: tier %d pictures %v and %v overlap", n, i, p, q)
					}
				}
			}
		}
		if n > 1 && lay.Tiers[1].Side >= lay.Tiers[0].Side {
			t.Errorf("%d tiers: 24 entries drawn %dpx, 3 entries %dpx: want the fuller tier's smaller", n, lay.Tiers[1].Side, lay.Tiers[0].Side)
		}
		if b := r.Draw(l).Bounds(); b != image.Rect(0, 0, Width, Height) {
			t.Errorf("%d tiers: image %v", n, b)
		}
	}
}

// TestTierChartDrawsTheTierColors: each label cell is filled with its tier's color.
func TestTierChartDrawsTheTierColors(t *testing.T) {
	r := renderer(t)
	l := tierSample()
	lay := r.Layout(l)
	img := r.Draw(l)
	for i, tl := range lay.Tiers {
		p := tl.LabelRect.Min.Add(image.Pt(8, 8)) // inside the cell, clear of its label
		if got, want := img.RGBAAt(p.X, p.Y), TierColors[l.Tiers[i].Color]; got != want {
			t.Errorf("tier %d (%s): label cell is %v, want %v", i, l.Tiers[i].Color, got, want)
		}
	}
}

// TestAHundredEntriesInOneTierAllDrawn: the most a list holds, all in one tier of ten,
// still get a picture each, inside the row.
func TestAHundredEntriesInOneTierAllDrawn(t *testing.T) {
	r := renderer(t)
	var items []Item
	for i := range 100 {
		items = append(items, Item{Name: fmt.Sprint(i)})
	}
	tiers := make([]Tier, MaxTiers)
	for i := range tiers {
		tiers[i] = Tier{Label: fmt.Sprint(i), Color: "gray"}
	}
	tiers[4].Items = items
	lay := r.Layout(List{Title: "Crowded", Tiers: tiers})
	tl := lay.Tiers[4]
	if len(tl.Tiles) != 100 || tl.Side < 14 {
		t.Fatalf("%d pictures of %dpx", len(tl.Tiles), tl.Side)
	}
	if last := tl.Tiles[99]; !last.In(tl.RowRect) {
		t.Errorf("the 100th picture at %v, outside its row %v", last, tl.RowRect)
	}
}

// TestTierLabelsKeepClearOfTheirCellsEdges: a label, however long, leaves labelPad of
// its cell's color each side of its letters, shrinking, breaking onto a second line
// (larger than it would fit on one) or, a word too long for both, cut with an ellipsis;
// in the drawn image the strips along the cell's sides are all the tier's color.
func TestTierLabelsKeepClearOfTheirCellsEdges(t *testing.T) {
	r := renderer(t)
	labels := []string{"S", "Goats", "GOATS", "Absolutely the worst", "日本語 tier", "Supercalifragilistic", "WWWWWWWWWWWWWWWWWWWW"}
	var tiers []Tier
	for _, l := range labels {
		tiers = append(tiers, Tier{Label: l, Color: "yellow", Items: []Item{{Name: "Rob Mariano"}}})
	}
	l := List{Title: "Labels", Tiers: tiers}
	lay := r.Layout(l)
	img := decoded(t, r, l)
	for i, tl := range lay.Tiers {
		if tl.LabelBound.Min.X < tl.LabelRect.Min.X+labelPad || tl.LabelBound.Max.X > tl.LabelRect.Max.X-labelPad ||
			!tl.LabelBound.In(tl.LabelRect.Inset(4)) {
			t.Errorf("%q drawn at %v, not labelPad (%d) clear of its cell %v", labels[i], tl.LabelBound, labelPad, tl.LabelRect)
		}
		inner := tl.LabelRect.Inset(12)
		for y := inner.Min.Y; y < inner.Max.Y; y++ {
			for _, x := range []int{tl.LabelRect.Min.X + 5, tl.LabelRect.Min.X + labelPad - 2, tl.LabelRect.Max.X - labelPad + 1, tl.LabelRect.Max.X - 6} {
				if c := img.At(x, y); c != TierColors["yellow"] {
					t.Fatalf("%q: (%d,%d) by the cell's side is %v, not the tier's color", labels[i], x, y, c)
				}
			}
		}
	}
	byLabel := map[string]TierLayout{}
	for i, tl := range lay.Tiers {
		byLabel[labels[i]] = tl
	}
	if g := byLabel["Goats"]; len(g.Label) != 1 || g.LabelSize >= labelMaxSize || g.LabelBound.Dx() > labelWidth-2*labelPad {
		t.Errorf("Goats: %q at %dpx, %v", g.Label, g.LabelSize, g.LabelBound)
	}
	if a := byLabel["Absolutely the worst"]; len(a.Label) != 2 || a.LabelSize < labelOneLine*3/4 {
		t.Errorf("a long label of words: %q at %dpx, want two lines at a readable size", a.Label, a.LabelSize)
	}
	if w := byLabel["WWWWWWWWWWWWWWWWWWWW"]; len(w.Label) != 1 || w.LabelSize != labelMinSize || !strings.HasSuffix(w.Label[0], "…") {
		t.Errorf("a word too long for the cell: %q at %dpx, want it cut at %dpx", w.Label, w.LabelSize, labelMinSize)
	}
}

// TestEntriesWithoutPicturesShowInitialsAndName: in a tier chart an entry without a
// picture is its placeholder's disc (the site's colours) with its initials by the site's
// rule, its name under it; an entry with a picture is its picture, with no disc.
func TestEntriesWithoutPicturesShowInitialsAndName(t *testing.T) {
	r := renderer(t)
	photo := portrait(200, 200, color.RGBA{0x20, 0xc0, 0x40, 0xff})
	season := placeholder.Season(20)
	items := []Item{{Name: "Parvati Shallow", Image: photo}, {Name: "Russell Hantz"}, {Name: "Benjamin 'Coach' Wade"},
		{Name: "Heroes vs. Villains", IsSeason: true, Art: season}}
	for _, n := range []int{len(items), 20} { // big tiles, and a full cast's small ones
		var entries []Item
		for len(entries) < n {
			entries = append(entries, items[len(entries)%len(items)])
		}
		l := List{Title: "Who is where", Tiers: []Tier{{Label: "S", Color: "red", Items: entries}}}
		lay := r.Layout(l)
		img := decoded(t, r, l)
		tl := lay.Tiers[0]
		for j, it := range entries {
			tile, m := tl.Tiles[j], tl.Marks[j]
			if it.Image != nil {
				if !m.Disc.Empty() {
					t.Errorf("%d: %s has a picture and a disc", n, it.Name)
				}
				if c := img.At(tile.Min.X+4, tile.Min.Y+4).(color.RGBA); c.G < 0xa0 || c.R > 0x60 {
					t.Errorf("%d: %s's tile shows %v, not the picture", n, it.Name, c)
				}
				continue
			}
			art := it.Art
			if art.Text() == "" {
				art = placeholder.Contestant(it.Name)
			}
			if m.Initials != art.Text() || !m.Disc.In(tile) || m.Disc.Dx() < tile.Dx()/2 {
				t.Errorf("%d: %s: initials %q (want %q), disc %v in tile %v", n, it.Name, m.Initials, art.Text(), m.Disc, tile)
			}
			if !strings.HasPrefix(strings.Join(m.NameLines, " "), strings.Fields(it.Name)[0]) || !m.NameBound.In(tile) || m.NameBound.Min.Y < m.Disc.Max.Y {
				t.Errorf("%d: %s: name %q at %v, want it under the disc %v in tile %v", n, it.Name, m.NameLines, m.NameBound, m.Disc, tile)
			}
			// the disc's top, clear of the initials, is the placeholder's top colour
			top, _ := art.Colors()
			if c := img.At(m.Disc.Min.X+m.Disc.Dx()/2, m.Disc.Min.Y+m.Disc.Dy()/10).(color.RGBA); near(c, top) > 24 {
				t.Errorf("%d: %s: disc top %v, want about %v", n, it.Name, c, top)
			}
			// and the initials are drawn in cream across its middle
			if !inkOf(img, m.Disc.Inset(m.Disc.Dx()/4), cream) {
				t.Errorf("%d: %s: no initials drawn in %v", n, it.Name, m.Disc)
			}
		}
	}
}

// decoded is l's share image as a PNG reader sees it.
func decoded(t *testing.T, r *Renderer, l List) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := r.PNG(&buf, l); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return toRGBA(img)
}

// toRGBA is img with At answering color.RGBA.
func toRGBA(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// near is the largest difference between a and b's channels.
func near(a, b color.RGBA) int {
	return max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B))
}

func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// inkOf tells whether r holds a pixel of about c.
func inkOf(img image.Image, r image.Rectangle, c color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.At(x, y).(color.RGBA), c) < 12 {
				return true
			}
		}
	}
	return false
}
