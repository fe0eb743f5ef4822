package shareimage

import (
	"image"
	"image/color"
	"strings"
)

// A tier list's image: the title as a ranked list's, then a tier chart in the band the
// five item rows take (the rows' planks' width, ItemsTop to the last row's foot): one row
// per tier, best first, each a label cell in the tier's color beside every one of its
// entries' pictures in lines, as big as the row lets them be all drawn.

// MaxTiers is the most tiers a tier list has.
const MaxTiers = 10

// The tier chart's geometry.
const (
	chartLeft   = TitleX - 110
	chartRight  = TextRightLimit + 60
	chartTop    = ItemsTop
	chartBottom = ItemsTop + MaxItems*RowHeight - rowGap
	tierGap     = 10  // between two tiers' rows
	labelWidth  = 150 // the label cell's width
	tileGap     = 4   // between two pictures
	rowPad      = 8   // around the pictures inside a row
	// tierRowMax keeps a few tiers' rows from growing taller than a ranked list's.
	tierRowMax      = 190
	labelMaxSize    = 64
	labelMinSize    = 10
	tileMaxSide     = 150
	tileMinSide     = 4
	tileFrameMargin = 60 // from this side up a picture gets the ranked rows' wooden frame
)

// Tier is one tier of a tier list's image.
type Tier struct {
	Label string
	// Color is the tier's palette name (TierColors); an unknown one draws gray.
	Color string
	Items []Item
}

// TierColors, the tier palette's colors by name, are palette.gen.go's: generated from
// api/openapi.yaml (TierColor's x-palette), as the app's are.

// TierLayout is one tier's fitted row.
type TierLayout struct {
	RowRect    image.Rectangle // the whole row
	LabelRect  image.Rectangle // the colored label cell
	Label      string          // as drawn (may end in an ellipsis)
	LabelSize  int
	LabelDot   image.Point
	LabelBound image.Rectangle
	// Tiles are the entries' pictures, in order, each Side pixels square.
	Tiles []image.Rectangle
	Side  int
	label line
}

// layoutTiers fits the chart of tiers (at most MaxTiers) into the band.
func layoutTiers(ts *typesetter, tiers []Tier) []TierLayout {
	tiers = tiers[:min(len(tiers), MaxTiers)]
	n := len(tiers)
	if n == 0 {
		return nil
	}
	h := min(tierRowMax, (chartBottom-chartTop-(n-1)*tierGap)/n)
	top := chartTop + (chartBottom-chartTop-(n*h+(n-1)*tierGap))/2
	out := make([]TierLayout, n)
	for i, t := range tiers {
		row := image.Rect(chartLeft, top+i*(h+tierGap), chartRight, top+i*(h+tierGap)+h)
		tl := TierLayout{RowRect: row, LabelRect: image.Rect(row.Min.X, row.Min.Y, row.Min.X+labelWidth, row.Max.Y)}
		maxSize := max(labelMinSize, min(labelMaxSize, h*45/100))
		tl.label, tl.LabelSize = fitLine(ts, strings.TrimSpace(t.Label), maxSize, labelMinSize, labelWidth-16)
		tl.Label = tl.label.text
		asc, desc := ts.metrics(tl.LabelSize)
		cy := (row.Min.Y + row.Max.Y) / 2
		tl.LabelDot = image.Pt(tl.LabelRect.Min.X+(labelWidth-tl.label.pxWidth(tl.LabelSize))/2, cy+(asc-desc)/2)
		tl.LabelBound = tl.label.bounds(tl.LabelSize, tl.LabelDot)
		area := image.Rect(tl.LabelRect.Max.X+rowPad, row.Min.Y+rowPad, row.Max.X-rowPad, row.Max.Y-rowPad)
		tl.Side, tl.Tiles = tiles(area, len(t.Items))
		out[i] = tl
	}
	return out
}

// tiles places n squares in area in lines, left to right, as big as lets all n fit.
func tiles(area image.Rectangle, n int) (int, []image.Rectangle) {
	if n == 0 {
		return 0, nil
	}
	fits := func(side int) bool {
		perLine := (area.Dx() + tileGap) / (side + tileGap)
		if perLine == 0 {
			return false
		}
		lines := (n + perLine - 1) / perLine
		return lines*(side+tileGap)-tileGap <= area.Dy()
	}
	// A list's 100 entries in one of 10 tiers still fit at 14px; the floor only guards
	// the layout against what no list holds.
	side := max(tileMinSide, largest(tileMinSide, min(tileMaxSide, area.Dy()), fits))
	perLine := max(1, (area.Dx()+tileGap)/(side+tileGap))
	lines := (n + perLine - 1) / perLine
	top := area.Min.Y + (area.Dy()-(lines*(side+tileGap)-tileGap))/2
	out := make([]image.Rectangle, n)
	for i := range out {
		x := area.Min.X + (i%perLine)*(side+tileGap)
		y := top + (i/perLine)*(side+tileGap)
		out[i] = image.Rect(x, y, x+side, y+side)
	}
	return side, out
}

// drawTiers draws the tier chart laid out as lay.
func drawTiers(dst *image.RGBA, ts *typesetter, lay []TierLayout, tiers []Tier) {
	for i, tl := range lay {
		fillRoundRect(dst, tl.RowRect.Add(image.Pt(5, 6)), 10, color.RGBA{0, 0, 0, 0x60})
		fillRoundRect(dst, tl.RowRect, 10, color.RGBA{0x2e, 0x18, 0x0a, 0xf0})
		c, ok := TierColors[tiers[i].Color]
		if !ok {
			c = TierColors["gray"]
		}
		fillRoundRect(dst, tl.LabelRect.Inset(3), 8, c)
		ts.drawLine(dst, tl.label, tl.LabelSize, tl.LabelDot, frameDark, 0, nil)
		for j, r := range tl.Tiles {
			it := tiers[i].Items[j]
			if tl.Side >= tileFrameMargin {
				drawPicture(dst, r, it)
				continue
			}
			fillRect(dst, r.Inset(-1), gold) // a thin frame that leaves small pictures their room
			drawArt(dst, r, it)
		}
	}
}
