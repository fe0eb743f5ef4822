// Package shareimage draws a list's share image: a 1024x1536 PNG with the
// list title, its first five items (or a tier list's tier chart, tiers.go) and
// the site's name on a procedurally drawn beach, wood and torch background.
//
// The layout follows the product spec, section 9 ("Share image"): the title
// is fitted into a 624x290 area at (210,150), starting at 130px and shrinking
// down to 20px with a line height of 97 (at every size); at
// most the first five items are drawn; a contestant picture is 110x110 and a
// season logo sits in a 160x160 box; item names start at 64px and shrink down
// to 10px so that no text passes x=835. Lists of fewer than five items get
// fewer, bigger rows, centred where the five would be.
//
// Text is shaped with go-text/typesetting (a Go port of HarfBuzz, with bidi)
// in bundled Noto fonts (SIL OFL) chosen per character, so every script a fan
// may type draws: see fonts.go.
package shareimage

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"

	"castaway/internal/placeholder"
)

// Version names the drawing: it is part of share images' ETags, so bump it
// whenever what is drawn changes (TestGoldenVersion insists).
const Version = "5"

// Layout constants from the spec (section 9, share image).
const (
	Width  = 1024
	Height = 1536

	TitleX      = 210
	TitleY      = 150
	TitleWidth  = 624
	TitleHeight = 290
	// TitleMaxSize and TitleMinSize bound the title font size in pixels.
	TitleMaxSize = 130
	TitleMinSize = 20
	// TitleLineHeight is the distance between title baselines, whatever
	// the font size.
	TitleLineHeight = 97

	MaxItems = 5

	ContestantImageSize = 110
	SeasonLogoBox       = 160

	NameMaxSize = 64
	NameMinSize = 10
	// TextRightLimit is the x no item text may pass.
	TextRightLimit = 835
)

// Derived layout (our own choices, inside the spec's limits).
const (
	// ItemsTop is the y of the first of five item rows; rows are RowHeight apart.
	ItemsTop  = 480
	RowHeight = 190
	// rowGap is the sand between two rows' planks.
	rowGap = 20
	// ImageColumnX is the left edge of the picture column; pictures are
	// centred in it.
	ImageColumnX = TitleX
	// RankCenterX is the centre of the rank badge left of the picture.
	RankCenterX = 150

	// The footer names the site, centred at the foot of the image.
	footerBaseline = Height - 38
	footerMaxSize  = 26
	footerMinSize  = 12
)

// Item is one ranked entry.
type Item struct {
	Name     string
	IsSeason bool
	// Image is the contestant picture or season logo; nil when there is none: then the
	// entry is drawn as the site shows it, Art's text (a contestant's initials, a season's
	// number) on a disc of its colours; without Art, a contestant's by Name.
	Image image.Image
	Art   placeholder.Art
}

// List is what the share image shows.
type List struct {
	Title string
	Items []Item
	// Tiers, when set, are a tier list's tiers, drawn as a tier chart in place of Items.
	Tiers []Tier
	// Site names where the image comes from (the host of the site's
	// address); drawn small at the foot, or not at all when empty.
	Site string
}

// TitleLayout is the fitted title.
type TitleLayout struct {
	Size       int
	LineHeight int
	Lines      []string
	// Bounds holds each line's drawn box (from the glyph bounds).
	Bounds []image.Rectangle
	lines  []line
	dots   []image.Point
}

// ItemLayout is one fitted item row.
type ItemLayout struct {
	Rank        int
	Name        string // as drawn (may end in an ellipsis if even 10px is too wide)
	NameSize    int
	NameMaxSize int         // the size names start at in this row (bigger in short lists)
	NameDot     image.Point // baseline start of the name
	NameBound   image.Rectangle
	ImageRect   image.Rectangle
	RowRect     image.Rectangle
	// Mark is where an item without a picture has its disc.
	Mark  MonogramLayout
	badge int // the rank badge's radius
	name  line
}

// Layout is the computed position of everything drawn.
type Layout struct {
	Title TitleLayout
	Items []ItemLayout
	// Tiers are a tier list's rows (Items is then empty).
	Tiers []TierLayout
	// Footer is the site name's drawn box (empty without a site).
	Footer     image.Rectangle
	footer     line
	footerSize int
	footerDot  image.Point
}

// Renderer holds the parsed fonts and the pre-rendered background. It is safe
// for concurrent use.
type Renderer struct {
	fonts  []*font.Font
	scene  *image.RGBA
	planks [MaxItems + 1][]patch // the planks behind n rows, by n
	// typesetters holds the per-drawing state (font faces, shaper caches),
	// which is not safe for concurrent use but costly to build for each image.
	typesetters sync.Pool
}

// New returns a renderer. The fonts and the background are the same for
// every renderer and never change: they are parsed and drawn once per process
// (a second or two of CPU, ~30 MB), on the first call.
func New() (*Renderer, error) {
	a, err := loadAssets()
	if err != nil {
		return nil, err
	}
	r := &Renderer{fonts: a.fonts, scene: a.scene, planks: a.planks}
	r.typesetters.New = func() any { return newTypesetter(r.fonts) }
	return r, nil
}

type assets struct {
	fonts  []*font.Font
	scene  *image.RGBA
	planks [MaxItems + 1][]patch
}

var loadAssets = sync.OnceValues(func() (assets, error) {
	fonts, err := loadFonts()
	if err != nil {
		return assets{}, err
	}
	a := assets{fonts: fonts, scene: drawScene()}
	for n := 1; n <= MaxItems; n++ {
		a.planks[n] = plankPatches(a.scene, rowsFor(n))
	}
	return a, nil
})

func (r *Renderer) typesetter() *typesetter { return r.typesetters.Get().(*typesetter) }

// Layout computes where the title and items go without drawing.
func (r *Renderer) Layout(l List) Layout {
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	return layout(ts, l)
}

// rows is the geometry of n item rows.
type rows struct {
	n, top, height int
	scale          float64
}

// rowsFor lays out n rows: five fill the band from ItemsTop; fewer are
// bigger (pictures, names and badges alike) and centred in that band, so a
// short list shows no empty planks.
func rowsFor(n int) rows {
	scale := [MaxItems + 1]float64{1, 1.3, 1.3, 1.2, 1.1, 1}[min(max(n, 0), MaxItems)]
	h := int(math.Round(RowHeight * scale))
	band := MaxItems*RowHeight - rowGap
	return rows{n: n, top: ItemsTop + (band-(n*h-rowGap))/2, height: h, scale: scale}
}

func (g rows) scaled(v int) int { return int(math.Round(float64(v) * g.scale)) }

// rect is row i's plank.
func (g rows) rect(i int) image.Rectangle {
	top := g.top + i*g.height
	return image.Rect(TitleX-110, top, TextRightLimit+60, top+g.height-rowGap)
}

func layout(ts *typesetter, l List) Layout {
	var out Layout
	out.Title = fitTitle(ts, strings.TrimSpace(l.Title))
	items := l.Items[:min(len(l.Items), MaxItems)]
	if len(l.Tiers) > 0 {
		items, out.Tiers = nil, layoutTiers(ts, l.Tiers)
	}
	g := rowsFor(len(items))
	for i, it := range items {
		il := ItemLayout{Rank: i + 1, RowRect: g.rect(i), NameMaxSize: g.scaled(NameMaxSize), badge: g.scaled(38)}
		if g.scale > 1.2 { // a bigger badge would leave the plank
			il.badge = 38 * 6 / 5
		}
		column := g.scaled(SeasonLogoBox)
		box := column
		if !it.IsSeason {
			box = g.scaled(ContestantImageSize)
		}
		cy := (il.RowRect.Min.Y + il.RowRect.Max.Y) / 2
		ix := ImageColumnX + (column-box)/2
		il.ImageRect = image.Rect(ix, cy-box/2, ix+box, cy-box/2+box)
		if !hasPicture(it) {
			il.Mark = monogram(ts, il.ImageRect, it, false)
		}
		nameX := ImageColumnX + column + 28
		il.name, il.NameSize = fitLine(ts, strings.TrimSpace(it.Name), il.NameMaxSize, NameMinSize, TextRightLimit-nameX)
		il.Name = il.name.text
		asc, desc := ts.metrics(il.NameSize)
		// centre the text's ascent/descent band vertically on the row
		il.NameDot = image.Pt(nameX, cy+(asc-desc)/2)
		il.NameBound = il.name.bounds(il.NameSize, il.NameDot)
		out.Items = append(out.Items, il)
	}
	if site := strings.TrimSpace(l.Site); site != "" {
		out.footer, out.footerSize = fitLine(ts, site, footerMaxSize, footerMinSize, Width-2*TitleX)
		out.footerDot = image.Pt((Width-out.footer.pxWidth(out.footerSize))/2, footerBaseline)
		out.Footer = out.footer.bounds(out.footerSize, out.footerDot)
	}
	return out
}

// fitLine returns s as one line at the largest size in [min,max] whose width
// fits; if none does, s is cut and ends in an ellipsis at the minimum size.
func fitLine(ts *typesetter, s string, max, min, limit int) (line, int) {
	p := ts.shape(s)
	whole := ts.oneLine(p)
	if size := largest(min, max, func(size int) bool { return whole.pxWidth(size) <= limit }); size >= min {
		return whole, size
	}
	return fitWidth(ts, p, min, limit, 1)[0], min
}

// fitWidth wraps p at size into at most maxLines lines (the last one cut with
// an ellipsis) no wider than limit. The wrapper measures advances, and a
// glyph's ink may stick out past its advance: then it wraps again, narrower.
func fitWidth(ts *typesetter, p para, size, limit, maxLines int) []line {
	room := toRef(limit, size)
	for {
		lines := ts.wrap(p, room, shaping.WhenNecessary, maxLines)
		over := 0
		for _, ln := range lines {
			over = max(over, ln.pxWidth(size)-limit)
		}
		if over <= 0 || room <= 0 || len(lines) == 0 {
			if len(lines) == 0 {
				lines = []line{{}}
			}
			return lines
		}
		room -= toRef(over, size)
	}
}

// largest returns the largest size in [lo, hi] for which fits holds, or
// lo-1 if there is none. Fitting is treated as monotonic in the size (a
// smaller font never needs more room), so this is a binary search; callers
// still check the result against the limits.
func largest(lo, hi int, fits func(int) bool) int {
	if fits(hi) {
		return hi
	}
	bad := hi // fits(bad) is false
	if !fits(lo) {
		return lo - 1
	}
	good := lo
	for bad-good > 1 {
		mid := (good + bad) / 2
		if fits(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}

// lineHeightFor is the title's baseline-to-baseline distance. The spec gives
// one line height, 97, for every size, so it does not scale: a shrunken title
// gets roomier lines (and at most three lines fit the 290px area), while at
// the largest sizes descenders may just touch the next line's capitals, as
// in the original design.
func lineHeightFor(size int) int {
	_ = size
	return TitleLineHeight
}

func fitTitle(ts *typesetter, s string) TitleLayout {
	var t TitleLayout
	if s == "" {
		t.Size, t.LineHeight = TitleMaxSize, TitleLineHeight
		return t
	}
	p := ts.shape(s)
	// Lines break where Unicode allows (between words, and between CJK
	// characters); a size fits when no line is too wide, no line's letters
	// rise above the baseline before it (CJK and emoji are taller than the
	// capitals the fixed line height was made for), and the lines fit the area.
	wrapAt := func(size int) ([]line, bool) {
		lines := ts.wrap(p, toRef(TitleWidth, size), shaping.Never, 0)
		for i, ln := range lines {
			if ln.pxWidth(size) > TitleWidth || (i > 0 && lineHeightFor(size)+at(ln.ink.Min.Y, size).Floor() < 0) {
				return lines, false
			}
		}
		return lines, titleBlockHeight(ts, size, len(lines), lineHeightFor(size)) <= TitleHeight
	}
	if size := largest(TitleMinSize, TitleMaxSize, func(size int) bool { _, ok := wrapAt(size); return ok }); size >= TitleMinSize {
		t.Size, t.LineHeight = size, lineHeightFor(size)
		t.lines, _ = wrapAt(size)
	} else { // does not fit even at the minimum size: break words, cut the end
		t.Size, t.LineHeight = TitleMinSize, lineHeightFor(TitleMinSize)
		n := 1
		for titleBlockHeight(ts, t.Size, n+1, t.LineHeight) <= TitleHeight {
			n++
		}
		t.lines = fitWidth(ts, p, t.Size, TitleWidth, n)
	}
	asc, _ := ts.metrics(t.Size)
	top := TitleY + (TitleHeight-titleBlockHeight(ts, t.Size, len(t.lines), t.LineHeight))/2
	for i, ln := range t.lines {
		dot := image.Pt(TitleX+(TitleWidth-ln.pxWidth(t.Size))/2, top+asc+i*t.LineHeight)
		t.Lines = append(t.Lines, ln.text)
		t.dots = append(t.dots, dot)
		t.Bounds = append(t.Bounds, ln.bounds(t.Size, dot))
	}
	return t
}

// titleBlockHeight is the height n lines take: line spacing between them plus
// the ascent and descent of the first and last line.
func titleBlockHeight(ts *typesetter, size, n, lh int) int {
	if n == 0 {
		return 0
	}
	asc, desc := ts.metrics(size)
	return (n-1)*lh + asc + desc
}

// Palette.
var (
	cream     = color.RGBA{0xfb, 0xf1, 0xd8, 0xff}
	gold      = color.RGBA{0xf6, 0xc1, 0x4a, 0xff}
	shadow    = color.RGBA{0x1c, 0x0d, 0x04, 0xc8}
	frameDark = color.RGBA{0x3a, 0x20, 0x0e, 0xff}
)

// Draw renders the share image into a new image.
func (r *Renderer) Draw(l List) *image.RGBA {
	dst := image.NewRGBA(r.scene.Bounds())
	r.drawInto(dst, l)
	return dst
}

// canvases recycles the 6 MB pixel buffers PNG draws into.
var canvases sync.Pool

func (r *Renderer) drawInto(dst *image.RGBA, l List) {
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	lay := layout(ts, l)
	copy(dst.Pix, r.scene.Pix)
	for _, p := range r.planks[len(lay.Items)] {
		p.drawInto(dst)
	}

	for i, ln := range lay.Title.lines {
		ts.drawLine(dst, ln, lay.Title.Size, lay.Title.dots[i], gold, max(2, lay.Title.Size/28), shadow)
	}
	drawTiers(dst, ts, lay.Tiers, l.Tiers)
	for i, il := range lay.Items {
		drawRankBadge(dst, ts, il)
		drawPicture(dst, ts, il.ImageRect, l.Items[i], il.Mark)
		ts.drawLine(dst, il.name, il.NameSize, il.NameDot, cream, max(1, il.NameSize/24), shadow)
	}
	if lay.footerSize > 0 {
		ts.drawLine(dst, lay.footer, lay.footerSize, lay.footerDot, cream, 2, shadow)
	}
}

func drawRankBadge(dst *image.RGBA, ts *typesetter, il ItemLayout) {
	cy := (il.RowRect.Min.Y + il.RowRect.Max.Y) / 2
	c := image.Pt(RankCenterX, cy)
	rad := il.badge
	fillCircle(dst, c.Add(image.Pt(3, 4)), rad, color.RGBA{0, 0, 0, 0x70})
	fillCircle(dst, c, rad, frameDark)
	fillCircle(dst, c, rad-5, color.RGBA{0xc9, 0x5a, 0x1c, 0xff})
	size := rad * 40 / 38
	ln := ts.oneLine(ts.shape(fmt.Sprint(il.Rank)))
	asc, _ := ts.metrics(size)
	// digits' cap height is about 0.7em, and the ascent about 1.07em
	ts.drawLine(dst, ln, size, image.Pt(c.X-ln.pxWidth(size)/2, c.Y+asc*33/100), cream, 0, nil)
}

// PNG draws the image and encodes it as an RGB PNG.
func (r *Renderer) PNG(w io.Writer, l List) error {
	dst, _ := canvases.Get().(*image.RGBA)
	if dst == nil || dst.Bounds() != r.scene.Bounds() {
		dst = image.NewRGBA(r.scene.Bounds())
	}
	defer canvases.Put(dst)
	r.drawInto(dst, l)
	return encodePNG(w, dst)
}
