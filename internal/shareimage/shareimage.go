// Package shareimage draws a list's share image: a 1024x1536 PNG with the
// list title and its first five items on a procedurally drawn beach, wood and
// torch background.
//
// The layout follows the product spec, section 9 ("Share image"): the title
// is fitted into a 624x290 area at (210,150), starting at 130px and shrinking
// down to 20px with a line height of 97 (at every size); at
// most the first five items are drawn; a contestant picture is 110x110 and a
// season logo sits in a 160x160 box; item names start at 64px and shrink down
// to 10px so that no text passes x=835.
//
// The fonts are the Go fonts (BSD licence) bundled in golang.org/x/image.
package shareimage

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

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
	// ItemsTop is the y of the first item row; rows are RowHeight apart.
	ItemsTop  = 480
	RowHeight = 190
	// ImageColumnX is the left edge of the 160px picture column; contestant
	// pictures are centred in it.
	ImageColumnX = TitleX
	// NameX is where item names start.
	NameX = ImageColumnX + SeasonLogoBox + 28
	// RankCenterX is the centre of the rank badge left of the picture.
	RankCenterX = 150
)

// Item is one ranked entry.
type Item struct {
	Name     string
	IsSeason bool
	// Image is the contestant picture or season logo; nil when the caller
	// had none, in which case a drawn fallback is used.
	Image image.Image
}

// List is what the share image shows.
type List struct {
	Title string
	Items []Item
}

// TitleLayout is the fitted title.
type TitleLayout struct {
	Size       int
	LineHeight int
	Lines      []string
	// Bounds holds each line's drawn box (from the glyph bounds).
	Bounds []image.Rectangle
}

// ItemLayout is one fitted item row.
type ItemLayout struct {
	Rank      int
	Name      string // as drawn (may end in an ellipsis if even 10px is too wide)
	NameSize  int
	NameDot   image.Point // baseline start of the name
	NameBound image.Rectangle
	ImageRect image.Rectangle
	RowRect   image.Rectangle
}

// Layout is the computed position of everything drawn.
type Layout struct {
	Title TitleLayout
	Items []ItemLayout
}

// Renderer holds the parsed font and the pre-rendered background. It is safe
// for concurrent use.
type Renderer struct {
	font *opentype.Font
	bg   *image.RGBA
}

// New parses the bundled font and draws the background once.
func New() (*Renderer, error) {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("shareimage: parse font: %w", err)
	}
	return &Renderer{font: f, bg: drawBackground()}, nil
}

// faces makes font faces per size for one drawing; opentype faces are not
// safe for concurrent use, so each call to Layout/Draw has its own set.
type faces struct {
	f *opentype.Font
	m map[int]font.Face
}

func (fs *faces) get(size int) font.Face {
	if fc, ok := fs.m[size]; ok {
		return fc
	}
	fc, err := opentype.NewFace(fs.f, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err) // only fails on invalid options
	}
	fs.m[size] = fc
	return fc
}

func (r *Renderer) newFaces() *faces { return &faces{f: r.font, m: map[int]font.Face{}} }

// Layout computes where the title and items go without drawing.
func (r *Renderer) Layout(l List) Layout {
	return r.layout(r.newFaces(), l)
}

func (r *Renderer) layout(fs *faces, l List) Layout {
	var out Layout
	out.Title = fitTitle(fs, strings.TrimSpace(l.Title))
	items := l.Items
	if len(items) > MaxItems {
		items = items[:MaxItems]
	}
	for i, it := range items {
		top := ItemsTop + i*RowHeight
		il := ItemLayout{Rank: i + 1, RowRect: image.Rect(TitleX-110, top, TextRightLimit+60, top+RowHeight-20)}
		box := SeasonLogoBox
		if !it.IsSeason {
			box = ContestantImageSize
		}
		cy := top + (RowHeight-20)/2
		ix := ImageColumnX + (SeasonLogoBox-box)/2
		il.ImageRect = image.Rect(ix, cy-box/2, ix+box, cy-box/2+box)
		il.Name, il.NameSize = fitLine(fs, strings.TrimSpace(it.Name), NameMaxSize, NameMinSize, TextRightLimit-NameX)
		fc := fs.get(il.NameSize)
		m := fc.Metrics()
		// centre the text's cap/x band vertically on the row
		baseline := cy + (m.Ascent.Ceil()-m.Descent.Ceil())/2
		il.NameDot = image.Pt(NameX, baseline)
		il.NameBound = textBounds(fc, il.Name, il.NameDot)
		out.Items = append(out.Items, il)
	}
	return out
}

func textBounds(fc font.Face, s string, dot image.Point) image.Rectangle {
	if s == "" {
		return image.Rectangle{}
	}
	b, _ := font.BoundString(fc, s)
	return image.Rect(dot.X+b.Min.X.Floor(), dot.Y+b.Min.Y.Floor(), dot.X+b.Max.X.Ceil(), dot.Y+b.Max.Y.Ceil())
}

// width is the horizontal extent a string occupies from its dot: the larger
// of its advance and its ink.
func width(fc font.Face, s string) int {
	if s == "" {
		return 0
	}
	b, adv := font.BoundString(fc, s)
	w := adv.Ceil()
	if m := b.Max.X.Ceil(); m > w {
		w = m
	}
	return w
}

// fitLine returns s at the largest size in [min,max] whose width fits; if
// none does, s is cut and ends in an ellipsis at the minimum size.
func fitLine(fs *faces, s string, max, min, limit int) (string, int) {
	if size := largest(min, max, func(size int) bool { return width(fs.get(size), s) <= limit }); size >= min {
		return s, size
	}
	return truncate(fs.get(min), s, limit), min
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
	good := lo - 1
	if !fits(lo) {
		return lo - 1
	}
	good = lo
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

func truncate(fc font.Face, s string, limit int) string {
	if width(fc, s) <= limit {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ") + "…"
		if width(fc, t) <= limit {
			return t
		}
	}
	return ""
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

// wrap splits s into lines no wider than limit; ok is false when a single
// word is wider than limit.
func wrap(fc font.Face, s string, limit int) (lines []string, ok bool) {
	words := strings.Fields(s)
	ok = true
	cur := ""
	for _, w := range words {
		if width(fc, w) > limit {
			ok = false
		}
		if cur == "" {
			cur = w
			continue
		}
		if width(fc, cur+" "+w) <= limit {
			cur += " " + w
		} else {
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines, ok
}

// hardWrap wraps like wrap but splits words that are too wide by themselves.
func hardWrap(fc font.Face, s string, limit int) []string {
	var pieces []string
	for _, w := range strings.Fields(s) {
		for width(fc, w) > limit {
			n := 0
			for i := range w {
				if i > 0 && width(fc, w[:i]) > limit {
					break
				}
				n = i
			}
			if n == 0 {
				_, n = utf8.DecodeRuneInString(w)
			}
			pieces = append(pieces, w[:n])
			w = w[n:]
		}
		if w != "" {
			pieces = append(pieces, w)
		}
	}
	lines, _ := wrap(fc, strings.Join(pieces, " "), limit)
	// wrap may rejoin split pieces with spaces only when they fit, which is fine.
	return lines
}

func fitTitle(fs *faces, s string) TitleLayout {
	var t TitleLayout
	if s == "" {
		t.Size, t.LineHeight = TitleMaxSize, TitleLineHeight
		return t
	}
	fits := func(size int) bool {
		fc := fs.get(size)
		lines, ok := wrap(fc, s, TitleWidth)
		return ok && titleBlockHeight(fc, len(lines), lineHeightFor(size)) <= TitleHeight
	}
	if size := largest(TitleMinSize, TitleMaxSize, fits); size >= TitleMinSize {
		t.Size, t.LineHeight = size, lineHeightFor(size)
		t.Lines, _ = wrap(fs.get(size), s, TitleWidth)
	}
	if t.Lines == nil { // does not fit even at the minimum size
		fc := fs.get(TitleMinSize)
		lh := lineHeightFor(TitleMinSize)
		lines := hardWrap(fc, s, TitleWidth)
		n := len(lines)
		for n > 1 && titleBlockHeight(fc, n, lh) > TitleHeight {
			n--
		}
		if n < len(lines) {
			lines = append(lines[:n-1:n-1], truncate(fc, lines[n-1]+"…", TitleWidth))
		}
		t.Size, t.LineHeight, t.Lines = TitleMinSize, lh, lines
	}
	fc := fs.get(t.Size)
	m := fc.Metrics()
	block := titleBlockHeight(fc, len(t.Lines), t.LineHeight)
	top := TitleY + (TitleHeight-block)/2
	for i, ln := range t.Lines {
		w := width(fc, ln)
		dot := image.Pt(TitleX+(TitleWidth-w)/2, top+m.Ascent.Ceil()+i*t.LineHeight)
		t.Bounds = append(t.Bounds, textBounds(fc, ln, dot))
	}
	return t
}

// titleBlockHeight is the height n lines take: line spacing between them plus
// the ascent and descent of the first and last line.
func titleBlockHeight(fc font.Face, n, lh int) int {
	if n == 0 {
		return 0
	}
	m := fc.Metrics()
	return (n-1)*lh + m.Ascent.Ceil() + m.Descent.Ceil()
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
	dst := image.NewRGBA(r.bg.Bounds())
	r.drawInto(dst, l)
	return dst
}

// canvases recycles the 6 MB pixel buffers PNG draws into.
var canvases sync.Pool

func (r *Renderer) drawInto(dst *image.RGBA, l List) {
	fs := r.newFaces()
	lay := r.layout(fs, l)
	copy(dst.Pix, r.bg.Pix)

	// Title.
	if len(lay.Title.Lines) > 0 {
		fc := fs.get(lay.Title.Size)
		off := max(2, lay.Title.Size/28)
		for i, ln := range lay.Title.Lines {
			b := lay.Title.Bounds[i]
			dot := image.Pt(TitleX+(TitleWidth-width(fc, ln))/2, 0)
			// recover the baseline from the bounds computation
			bb, _ := font.BoundString(fc, ln)
			dot.Y = b.Min.Y - bb.Min.Y.Floor()
			drawText(dst, fc, ln, dot.Add(image.Pt(off, off)), shadow)
			drawText(dst, fc, ln, dot, gold)
		}
	}

	items := l.Items
	if len(items) > MaxItems {
		items = items[:MaxItems]
	}
	for i, il := range lay.Items {
		it := items[i]
		drawRankBadge(dst, fs, il)
		drawPicture(dst, il.ImageRect, it)
		if il.Name != "" {
			fc := fs.get(il.NameSize)
			off := max(1, il.NameSize/24)
			drawText(dst, fc, il.Name, il.NameDot.Add(image.Pt(off, off)), shadow)
			drawText(dst, fc, il.Name, il.NameDot, cream)
		}
	}
}

func drawText(dst *image.RGBA, fc font.Face, s string, dot image.Point, c color.Color) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: fc, Dot: fixed.P(dot.X, dot.Y)}
	d.DrawString(s)
}

func drawRankBadge(dst *image.RGBA, fs *faces, il ItemLayout) {
	cy := (il.RowRect.Min.Y + il.RowRect.Max.Y) / 2
	c := image.Pt(RankCenterX, cy)
	fillCircle(dst, c.Add(image.Pt(3, 4)), 38, color.RGBA{0, 0, 0, 0x70})
	fillCircle(dst, c, 38, frameDark)
	fillCircle(dst, c, 33, color.RGBA{0xc9, 0x5a, 0x1c, 0xff})
	fc := fs.get(40)
	s := fmt.Sprint(il.Rank)
	w := width(fc, s)
	m := fc.Metrics()
	// cap height of digits is about 0.7em
	drawText(dst, fc, s, image.Pt(c.X-w/2, c.Y+m.Ascent.Ceil()*7/20), cream)
}

func drawPicture(dst *image.RGBA, r image.Rectangle, it Item) {
	// shadow and wooden frame
	fillRect(dst, r.Add(image.Pt(5, 6)).Inset(-6), color.RGBA{0, 0, 0, 0x60})
	fillRect(dst, r.Inset(-6), frameDark)
	fillRect(dst, r.Inset(-3), gold)
	if it.Image == nil || it.Image.Bounds().Empty() {
		drawFallback(dst, r, it.IsSeason)
		return
	}
	src := it.Image
	sb := src.Bounds()
	if it.IsSeason {
		// a logo: fit inside the box on a light ground, keep the aspect
		fillRect(dst, r, color.RGBA{0xf3, 0xe6, 0xc8, 0xff})
		w, h := r.Dx(), r.Dy()
		if sb.Dx()*h > sb.Dy()*w {
			h = sb.Dy() * w / sb.Dx()
		} else {
			w = sb.Dx() * h / sb.Dy()
		}
		to := image.Rect(0, 0, w, h).Add(image.Pt(r.Min.X+(r.Dx()-w)/2, r.Min.Y+(r.Dy()-h)/2))
		xdraw.ApproxBiLinear.Scale(dst, to, src, sb, xdraw.Over, nil)
		return
	}
	// a photo: cover the square, cropping the centre
	crop := sb
	if sb.Dx() > sb.Dy() {
		d := (sb.Dx() - sb.Dy()) / 2
		crop = image.Rect(sb.Min.X+d, sb.Min.Y, sb.Min.X+d+sb.Dy(), sb.Max.Y)
	} else if sb.Dy() > sb.Dx() {
		// keep the top (faces) rather than the centre
		crop = image.Rect(sb.Min.X, sb.Min.Y, sb.Max.X, sb.Min.Y+sb.Dx())
	}
	xdraw.ApproxBiLinear.Scale(dst, r, src, crop, xdraw.Src, nil)
}

// drawFallback draws a framed silhouette (contestant) or a sun-over-island
// emblem (season) when there is no picture.
func drawFallback(dst *image.RGBA, r image.Rectangle, season bool) {
	top := color.RGBA{0x6f, 0x8f, 0x9a, 0xff}
	bot := color.RGBA{0x3c, 0x55, 0x62, 0xff}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		t := float64(y-r.Min.Y) / float64(r.Dy())
		c := lerp(top, bot, t)
		for x := r.Min.X; x < r.Max.X; x++ {
			dst.SetRGBA(x, y, c)
		}
	}
	s := float64(r.Dx())
	cx := float64(r.Min.X) + s/2
	if season {
		// a sun setting into the sea
		sun := color.RGBA{0xf6, 0xc1, 0x4a, 0xff}
		seaTop := r.Min.Y + r.Dy()*62/100
		fillCircleF(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, seaTop), cx, float64(seaTop), s*0.26, sun)
		for y := seaTop; y < r.Max.Y; y++ {
			c := color.RGBA{0x1f, 0x4a, 0x60, 0xff}
			if (y-seaTop)%9 < 2 {
				c = color.RGBA{0x6f, 0x9a, 0xa8, 0xff}
			}
			for x := r.Min.X; x < r.Max.X; x++ {
				dst.SetRGBA(x, y, c)
			}
		}
		return
	}
	sil := color.RGBA{0x22, 0x30, 0x38, 0xff}
	fillCircleF(dst, r, cx, float64(r.Min.Y)+s*0.38, s*0.19, sil)
	// shoulders: upper half of an ellipse at the bottom
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			dx := (float64(x) - cx) / (s * 0.36)
			dy := (float64(y) - (float64(r.Min.Y) + s*1.0)) / (s * 0.42)
			if dx*dx+dy*dy <= 1 {
				dst.SetRGBA(x, y, sil)
			}
		}
	}
}

// PNG draws the image and encodes it as an RGB PNG.
func (r *Renderer) PNG(w io.Writer, l List) error {
	dst, _ := canvases.Get().(*image.RGBA)
	if dst == nil || dst.Bounds() != r.bg.Bounds() {
		dst = image.NewRGBA(r.bg.Bounds())
	}
	defer canvases.Put(dst)
	r.drawInto(dst, l)
	return encodePNG(w, dst)
}
