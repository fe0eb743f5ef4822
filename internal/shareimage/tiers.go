package shareimage

import (
	"image"
	"image/color"
	"strings"

	"github.com/go-text/typesetting/shaping"
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
	labelPad    = 18  // the least room between a label's letters and its cell's sides
	tileGap     = 4   // between two pictures
	framedGap   = 14  // between two framed pictures: their frames do not touch
	rowPad      = 8   // around the pictures inside a row
	// tierRowMax keeps a few tiers' rows from growing taller than a ranked list's.
	tierRowMax   = 190
	labelMaxSize = 60
	labelMinSize = 12
	// labelOneLine is the size a label stays on one line down to; a longer one takes two lines.
	labelOneLine    = 24
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
	RowRect   image.Rectangle // the whole row
	LabelRect image.Rectangle // the colored label cell
	// Label is the label's lines as drawn (one or two; the last may end in an ellipsis).
	Label      []string
	LabelSize  int
	LabelBound image.Rectangle // the ink of all its lines
	// Tiles are the entries' pictures, in order, each Side pixels square.
	Tiles []image.Rectangle
	Side  int
	// Marks are, by tile, where an entry without a picture has its disc and name.
	Marks     []MonogramLayout
	label     []line
	labelDots []image.Point
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
		fitLabel(ts, &tl, strings.TrimSpace(t.Label))
		area := image.Rect(tl.LabelRect.Max.X+rowPad, row.Min.Y+rowPad, row.Max.X-rowPad, row.Max.Y-rowPad)
		tl.Side, tl.Tiles = tiles(area, len(t.Items))
		tl.Marks = make([]MonogramLayout, len(t.Items))
		for j, it := range t.Items {
			if !hasPicture(it) {
				tl.Marks[j] = monogram(ts, tl.Tiles[j], it, true)
			}
		}
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
		gap := gapFor(side)
		perLine := (area.Dx() + gap) / (side + gap)
		if perLine == 0 {
			return false
		}
		lines := (n + perLine - 1) / perLine
		return lines*(side+gap)-gap <= area.Dy()
	}
	// A list's 100 entries in one of 10 tiers still fit at 14px; the floor only guards
	// the layout against what no list holds.
	side := max(tileMinSide, largest(tileMinSide, min(tileMaxSide, area.Dy()), fits))
	gap := gapFor(side)
	perLine := max(1, (area.Dx()+gap)/(side+gap))
	lines := (n + perLine - 1) / perLine
	top := area.Min.Y + (area.Dy()-(lines*(side+gap)-gap))/2
	out := make([]image.Rectangle, n)
	for i := range out {
		x := area.Min.X + (i%perLine)*(side+gap)
		y := top + (i/perLine)*(side+gap)
		out[i] = image.Rect(x, y, x+side, y+side)
	}
	return side, out
}

// gapFor is the room between pictures of side: framed ones keep their frames apart.
func gapFor(side int) int {
	if side >= tileFrameMargin {
		return framedGap
	}
	return tileGap
}

// fitLabel fits label into tl's cell with labelPad of room around it: on one line at the
// largest size the cell allows, down to labelOneLine; a longer label on two lines at the
// larger of that and its one-line size; and a label that fits neither, ellipsized.
func fitLabel(ts *typesetter, tl *TierLayout, label string) {
	cell := tl.LabelRect
	width, height := cell.Dx()-2*labelPad, cell.Dy()-2*min(labelPad, cell.Dy()/8)
	maxSize := max(labelMinSize, min(labelMaxSize, cell.Dy()*45/100))
	p := ts.shape(label)
	whole := ts.oneLine(p)
	one := largest(labelMinSize, maxSize, func(size int) bool { return whole.pxWidth(size) <= width })
	lines, size := []line{whole}, one
	if one < labelOneLine {
		two := largest(labelMinSize, maxSize, func(size int) bool {
			ls := ts.wrap(p, toRef(width, size), shaping.Never, 0)
			return len(ls) <= 2 && widest(ls, size) <= width && labelBlock(ts, size, len(ls)) <= height
		})
		switch {
		case two > one:
			lines, size = ts.wrap(p, toRef(width, two), shaping.Never, 0), two
		case one < labelMinSize: // no break fits: cut it
			lines, size = fitWidth(ts, p, labelMinSize, width, 1), labelMinSize
		}
	}
	tl.LabelSize, tl.label = size, lines
	asc, desc := ts.metrics(size)
	lh := size * 6 / 5
	cy := (cell.Min.Y + cell.Max.Y) / 2
	for i, ln := range lines {
		dot := image.Pt(cell.Min.X+(cell.Dx()-ln.pxWidth(size))/2, cy-(len(lines)-1)*lh/2+(asc-desc)/2+i*lh)
		tl.Label = append(tl.Label, ln.text)
		tl.labelDots = append(tl.labelDots, dot)
		tl.LabelBound = tl.LabelBound.Union(ln.bounds(size, dot))
	}
}

func widest(lines []line, size int) int {
	w := 0
	for _, ln := range lines {
		w = max(w, ln.pxWidth(size))
	}
	return w
}

// labelBlock is the height n label lines take at size.
func labelBlock(ts *typesetter, size, n int) int {
	asc, desc := ts.metrics(size)
	return (n-1)*size*6/5 + asc + desc
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
		for j, ln := range tl.label {
			ts.drawLine(dst, ln, tl.LabelSize, tl.labelDots[j], frameDark, 0, nil)
		}
		for j, r := range tl.Tiles {
			it := tiers[i].Items[j]
			if tl.Side >= tileFrameMargin {
				drawPicture(dst, ts, r, it, tl.Marks[j])
				continue
			}
			fillRect(dst, r.Inset(-1), gold) // a thin frame that leaves small pictures their room
			drawArt(dst, ts, r, it, tl.Marks[j])
		}
	}
}
