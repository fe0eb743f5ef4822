package shareimage

import (
	"fmt"
	"image"
	"image/color"
	"testing"
)

// tierSample is a tier list of six tiers: a full one, one of every script's label, an
// empty one, and seasons.
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
			if !tl.LabelBound.In(tl.LabelRect) || tl.Label == "" {
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
