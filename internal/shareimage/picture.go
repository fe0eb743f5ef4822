package shareimage

import (
	"image"
	"image/color"
	"math"
	"strings"

	xdraw "golang.org/x/image/draw"

	"castaway/internal/placeholder"
)

func drawPicture(dst *image.RGBA, ts *typesetter, r image.Rectangle, it Item, mark MonogramLayout) {
	// shadow and wooden frame
	fillRect(dst, r.Add(image.Pt(5, 6)).Inset(-6), color.RGBA{0, 0, 0, 0x60})
	fillRect(dst, r.Inset(-6), frameDark)
	fillRect(dst, r.Inset(-3), gold)
	drawArt(dst, ts, r, it, mark)
}

// hasPicture tells whether it is drawn from its picture rather than as a monogram.
func hasPicture(it Item) bool { return it.Image != nil && !it.Image.Bounds().Empty() }

// drawArt draws it's picture filling r: a logo fitted on a light ground, a photo
// cropped to the square, or without either its monogram, laid out as mark.
func drawArt(dst *image.RGBA, ts *typesetter, r image.Rectangle, it Item, mark MonogramLayout) {
	if !hasPicture(it) {
		fillRect(dst, r, monogramGround)
		drawMonogram(dst, ts, mark)
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

// The monogram's ground, and the smallest square that still has room for a name under its disc.
var monogramGround = color.RGBA{0x24, 0x14, 0x0a, 0xff}

const namedMinSide = 44

// MonogramLayout is where an entry without a picture has its disc and, named, its name.
type MonogramLayout struct {
	Disc      image.Rectangle // the disc's bounding square
	Initials  string
	NameLines []string // as drawn (the last may end in an ellipsis); none when unnamed or too small
	NameBound image.Rectangle
	initials  line
	initSize  int
	initDot   image.Point
	names     []line
	nameSize  int
	nameDots  []image.Point
	top, bot  color.RGBA
}

// monogram lays out in r what the site shows for a picture it lacks: the entry's
// placeholder text (a contestant's initials, by the site's rule, or a season's
// number) on a disc of its placeholder colours; named, the disc leaves room below
// for the entry's name in small text, so a tier chart's entry says who it is.
func monogram(ts *typesetter, r image.Rectangle, it Item, named bool) MonogramLayout {
	art := it.Art
	if art.Text() == "" {
		art = placeholder.Contestant(it.Name)
	}
	var m MonogramLayout
	m.top, m.bot = art.Colors()
	side := min(r.Dx(), r.Dy())
	pad := max(1, side/16)
	d := side - 2*pad
	if named && side >= namedMinSide {
		maxSize := min(20, max(8, side*13/100))
		m.names, m.nameSize = fitCaption(ts, strings.TrimSpace(it.Name), maxSize, side-2*pad)
		// two lines' room whatever the name takes, so a row's discs are all one size
		lh := maxSize * 6 / 5
		band := 2*lh + maxSize/4
		lh = m.nameSize * 6 / 5
		d = side - 2*pad - band
		asc, desc := ts.metrics(m.nameSize)
		y := r.Min.Y + pad + d + (band-(len(m.names)-1)*lh-asc-desc)/2 + asc
		for i, ln := range m.names {
			dot := image.Pt(r.Min.X+(r.Dx()-ln.pxWidth(m.nameSize))/2, y+i*lh)
			m.nameDots = append(m.nameDots, dot)
			m.NameLines = append(m.NameLines, ln.text)
			m.NameBound = m.NameBound.Union(ln.bounds(m.nameSize, dot))
		}
	}
	cx := r.Min.X + r.Dx()/2
	m.Disc = image.Rect(cx-d/2, r.Min.Y+pad, cx-d/2+d, r.Min.Y+pad+d)
	// the initials fill about half the disc's width, centred on their ink
	m.Initials = art.Text()
	m.initials, m.initSize = fitLine(ts, m.Initials, max(1, d*40/100), 1, d*56/100)
	ink := m.initials.bounds(m.initSize, image.Point{})
	c := m.Disc.Min.Add(m.Disc.Max).Div(2)
	m.initDot = image.Pt(c.X-(ink.Min.X+ink.Max.X)/2, c.Y-(ink.Min.Y+ink.Max.Y)/2)
	return m
}

// fitCaption fits a name under a monogram: one line at the largest size in
// [3/4 max, max] that fits limit, else two lines (the second cut with an ellipsis).
func fitCaption(ts *typesetter, s string, maxSize, limit int) ([]line, int) {
	p := ts.shape(s)
	minSize := max(7, maxSize*3/4)
	whole := ts.oneLine(p)
	if size := largest(minSize, maxSize, func(size int) bool { return whole.pxWidth(size) <= limit }); size >= minSize {
		return []line{whole}, size
	}
	return fitWidth(ts, p, minSize, limit, 2), minSize
}

func drawMonogram(dst *image.RGBA, ts *typesetter, m MonogramLayout) {
	fillDisc(dst, m.Disc, m.top, m.bot)
	if m.initSize >= 5 {
		ts.drawLine(dst, m.initials, m.initSize, m.initDot, cream, max(1, m.initSize/20), shadow)
	}
	for i, ln := range m.names {
		ts.drawLine(dst, ln, m.nameSize, m.nameDots[i], cream, 0, nil)
	}
}

// fillDisc fills the disc inscribed in sq with a top-to-bottom gradient, its edge antialiased.
func fillDisc(dst *image.RGBA, sq image.Rectangle, top, bottom color.RGBA) {
	rad := float64(sq.Dx()) / 2
	cx, cy := float64(sq.Min.X)+rad, float64(sq.Min.Y)+rad
	for y := sq.Min.Y; y < sq.Max.Y; y++ {
		c := lerp(top, bottom, (float64(y)+0.5-float64(sq.Min.Y))/float64(max(1, sq.Dy())))
		for x := sq.Min.X; x < sq.Max.X; x++ {
			cover := clamp01(rad + 0.5 - math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy))
			if cover > 0 {
				c.A = uint8(255 * cover)
				blend(dst, x, y, c)
			}
		}
	}
}
