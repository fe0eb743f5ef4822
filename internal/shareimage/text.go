package shareimage

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
	"golang.org/x/text/unicode/bidi"
)

// refSize is the pixel size text is shaped at. Glyphs are not hinted, so
// advances scale linearly and each string is shaped once, whatever sizes the
// layout then tries.
const refSize = 256

// typesetter shapes, wraps and draws text with the font chain. Its faces,
// shaper and caches are not safe for concurrent use: each drawing takes one
// from the Renderer's pool.
type typesetter struct {
	faces    []*font.Face
	shaper   shaping.HarfbuzzShaper
	seg      shaping.Segmenter
	wrapper  shaping.LineWrapper
	ras      vector.Rasterizer
	ellipsis shaping.Output
}

func newTypesetter(fonts []*font.Font) *typesetter {
	ts := &typesetter{}
	for _, f := range fonts {
		ts.faces = append(ts.faces, font.NewFace(f))
	}
	if p := ts.shape("…"); len(p.runs) == 1 {
		ts.ellipsis = p.runs[0]
	}
	return ts
}

// ResolveFace picks, for each character, the first font of the chain that has
// a glyph for it (shaping.Fontmap).
func (ts *typesetter) ResolveFace(r rune) *font.Face {
	for _, f := range ts.faces {
		if _, ok := f.NominalGlyph(r); ok {
			return f
		}
	}
	return ts.faces[0]
}

// para is a string shaped at refSize: runs of one direction, script and font,
// in logical order.
type para struct {
	text []rune
	runs []shaping.Output
	dir  di.Direction
}

// shape splits s by direction, script and font (fallback per character) and
// shapes each run, so Arabic joins and right-to-left runs come out in visual order.
func (ts *typesetter) shape(s string) para {
	text := []rune(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) { // names are one line
			return ' '
		}
		return r
	}, s))
	p := para{text: text, dir: direction(text)}
	if len(text) == 0 {
		return p
	}
	in := shaping.Input{Text: text, RunEnd: len(text), Direction: p.dir, Size: fixed.I(refSize)}
	for _, run := range ts.spacesInMainFont(ts.seg.Split(in, ts)) {
		p.runs = append(p.runs, ts.shaper.Shape(run))
	}
	return p
}

// spacesInMainFont gives the spaces in a fallback font's run to the main
// font: the segmenter keeps a space in the font around it, and some fonts'
// spaces are far wider (Noto Emoji's is 1.27em) or missing (the CJK subset).
func (ts *typesetter) spacesInMainFont(runs []shaping.Input) []shaping.Input {
	main := ts.faces[0]
	out := make([]shaping.Input, 0, len(runs))
	for _, in := range runs {
		if in.Face == main {
			out = append(out, in)
			continue
		}
		for start := in.RunStart; start < in.RunEnd; {
			space := unicode.Is(unicode.Zs, in.Text[start])
			end := start + 1
			for end < in.RunEnd && unicode.Is(unicode.Zs, in.Text[end]) == space {
				end++
			}
			part := in
			part.RunStart, part.RunEnd = start, end
			if space {
				part.Face = main
			}
			out = append(out, part)
			start = end
		}
	}
	return out
}

// direction is the paragraph's direction from its first strong character
// (Unicode bidi rules P2 and P3); left to right when there is none.
func direction(text []rune) di.Direction {
	for _, r := range text {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return di.DirectionLTR
		case bidi.R, bidi.AL:
			return di.DirectionRTL
		}
	}
	return di.DirectionLTR
}

// line is one wrapped line at refSize: its runs in visual order (left to right),
// its advance and its ink box relative to the dot (y grows down).
type line struct {
	text string // the characters shown, in logical order (with "…" when cut)
	runs []shaping.Output
	adv  fixed.Int26_6
	ink  fixed.Rectangle26_6
}

// width is the room the line takes right of its dot: the larger of its advance and its ink.
func (l line) width() fixed.Int26_6 { return max(l.adv, l.ink.Max.X) }

// wrap breaks p into lines no wider than maxWidth (at refSize). With maxLines
// > 0 the text stops after that many lines and ends in an ellipsis.
func (ts *typesetter) wrap(p para, maxWidth fixed.Int26_6, policy shaping.LineBreakPolicy, maxLines int) []line {
	if len(p.runs) == 0 {
		return nil
	}
	cfg := shaping.WrapConfig{Direction: p.dir, BreakPolicy: policy, TruncateAfterLines: maxLines}
	if maxLines > 0 {
		cfg.Truncator = ts.ellipsis
	}
	// The wrapper zeroes trailing spaces' advances in place: wrap a copy, so
	// p can be wrapped again at another width.
	runs := make([]shaping.Output, len(p.runs))
	for i, r := range p.runs {
		r.Glyphs = append([]shaping.Glyph(nil), r.Glyphs...)
		runs[i] = r
	}
	wrapped, truncated := ts.wrapper.WrapParagraphF(cfg, maxWidth, p.text, shaping.NewSliceIterator(runs))
	out := make([]line, 0, len(wrapped))
	for i, wl := range wrapped {
		text := wl
		cut := truncated > 0 && i == len(wrapped)-1 && len(wl) > 1
		if cut { // the wrapper appended the ellipsis as the last logical run
			text = wl[:len(wl)-1]
		}
		first, last := text[0].Runes, text[len(text)-1].Runes
		l := newLine(wl)
		l.text = string(p.text[first.Offset : last.Offset+last.Count])
		if cut {
			l.text = strings.TrimRightFunc(l.text, unicode.IsSpace) + "…"
		}
		out = append(out, l)
	}
	return out
}

// oneLine is p unwrapped.
func (ts *typesetter) oneLine(p para) line {
	if ls := ts.wrap(p, fixed.Int26_6(math.MaxInt32), shaping.Never, 1); len(ls) > 0 {
		return ls[0]
	}
	return line{}
}

func newLine(runs shaping.Line) line {
	l := line{runs: append([]shaping.Output(nil), runs...)}
	sort.Slice(l.runs, func(i, j int) bool { return l.runs[i].VisualIndex < l.runs[j].VisualIndex })
	first := true
	var pen fixed.Int26_6
	for _, run := range l.runs {
		for _, g := range run.Glyphs {
			if g.Width != 0 && g.Height != 0 {
				x0 := pen + g.XOffset + g.XBearing
				y0 := -(g.YOffset + g.YBearing)
				r := fixed.Rectangle26_6{Min: fixed.Point26_6{X: min(x0, x0+g.Width), Y: min(y0, y0-g.Height)},
					Max: fixed.Point26_6{X: max(x0, x0+g.Width), Y: max(y0, y0-g.Height)}}
				if first {
					l.ink, first = r, false
				} else {
					l.ink = l.ink.Union(r)
				}
			}
			pen += g.Advance
		}
	}
	l.adv = pen
	return l
}

// at scales a refSize length to size pixels.
func at(v fixed.Int26_6, size int) fixed.Int26_6 {
	return fixed.Int26_6(int64(v) * int64(size) / refSize)
}

// toRef scales a length in pixels at size to refSize.
func toRef(px, size int) fixed.Int26_6 {
	return fixed.Int26_6(int64(fixed.I(px)) * refSize / int64(size))
}

// pxWidth is the line's width in whole pixels at size.
func (l line) pxWidth(size int) int { return at(l.width(), size).Ceil() }

// bounds is the line's ink box in pixels at size with its dot at dot.
func (l line) bounds(size int, dot image.Point) image.Rectangle {
	if l.ink.Empty() {
		return image.Rectangle{}
	}
	return image.Rect(dot.X+at(l.ink.Min.X, size).Floor(), dot.Y+at(l.ink.Min.Y, size).Floor(),
		dot.X+at(l.ink.Max.X, size).Ceil(), dot.Y+at(l.ink.Max.Y, size).Ceil())
}

// metrics are the main font's ascent and descent at size, in whole pixels.
func (ts *typesetter) metrics(size int) (ascent, descent int) {
	e, _ := ts.faces[0].FontHExtents()
	k := float64(size) / float64(ts.faces[0].Upem())
	return int(math.Ceil(float64(e.Ascender) * k)), int(math.Ceil(float64(-e.Descender) * k))
}

// glyphMask is one rasterised glyph: its coverage and where it goes.
type glyphMask struct {
	mask *image.Alpha
	at   image.Point
}

// drawLine draws l at size with its dot at dot: the shadow (offset by off) of
// the whole line first, then its text, so no shadow falls on a letter.
func (ts *typesetter) drawLine(dst *image.RGBA, l line, size int, dot image.Point, c color.Color, off int, shadow color.Color) {
	var masks []glyphMask
	var pen fixed.Int26_6
	for _, run := range l.runs {
		for _, g := range run.Glyphs {
			x := float64(dot.X) + float64(at(pen+g.XOffset, size))/64
			y := float64(dot.Y) - float64(at(g.YOffset, size))/64
			if m, ok := ts.rasterize(run.Face, g.GlyphID, size, x, y); ok {
				masks = append(masks, m)
			}
			pen += g.Advance
		}
	}
	if off != 0 {
		src := image.NewUniform(shadow)
		for _, m := range masks {
			r := m.mask.Bounds().Add(m.at).Add(image.Pt(off, off))
			draw.DrawMask(dst, r, src, image.Point{}, m.mask, image.Point{}, draw.Over)
		}
	}
	src := image.NewUniform(c)
	for _, m := range masks {
		draw.DrawMask(dst, m.mask.Bounds().Add(m.at), src, image.Point{}, m.mask, image.Point{}, draw.Over)
	}
}

// rasterize draws one glyph's outline with its origin at (x, y) into a mask.
func (ts *typesetter) rasterize(face *font.Face, gid font.GID, size int, x, y float64) (glyphMask, bool) {
	o, ok := face.GlyphData(gid).(font.GlyphOutline)
	if !ok || len(o.Segments) == 0 {
		return glyphMask{}, false
	}
	k := float32(size) / float32(face.Upem())
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for i := range o.Segments {
		for _, a := range o.Segments[i].ArgsSlice() {
			minX, maxX = min(minX, a.X), max(maxX, a.X)
			minY, maxY = min(minY, a.Y), max(maxY, a.Y)
		}
	}
	// the glyph's pixel box, in dst coordinates (y down)
	x0, x1 := int(math.Floor(x+float64(minX*k))), int(math.Ceil(x+float64(maxX*k)))
	y0, y1 := int(math.Floor(y-float64(maxY*k))), int(math.Ceil(y-float64(minY*k)))
	if x1 <= x0 || y1 <= y0 {
		return glyphMask{}, false
	}
	ox, oy := float32(x)-float32(x0), float32(y)-float32(y0)
	pt := func(p font.SegmentPoint) (float32, float32) { return ox + p.X*k, oy - p.Y*k }
	ts.ras.Reset(x1-x0, y1-y0)
	for _, s := range o.Segments {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			ts.ras.ClosePath()
			ts.ras.MoveTo(pt(s.Args[0]))
		case ot.SegmentOpLineTo:
			ts.ras.LineTo(pt(s.Args[0]))
		case ot.SegmentOpQuadTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			ts.ras.QuadTo(ax, ay, bx, by)
		case ot.SegmentOpCubeTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			cx, cy := pt(s.Args[2])
			ts.ras.CubeTo(ax, ay, bx, by, cx, cy)
		}
	}
	ts.ras.ClosePath()
	mask := image.NewAlpha(image.Rect(0, 0, x1-x0, y1-y0))
	ts.ras.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	return glyphMask{mask: mask, at: image.Pt(x0, y0)}, true
}

// missingGlyphs lists the characters of s that shape to no glyph of any font
// (the .notdef box), leaving out the invisible ones (joiners, variation selectors).
func (ts *typesetter) missingGlyphs(s string) []rune {
	p := ts.shape(s)
	var out []rune
	for _, run := range p.runs {
		for _, g := range run.Glyphs {
			if g.GlyphID != 0 {
				continue
			}
			for _, r := range p.text[g.ClusterIndex : g.ClusterIndex+max(g.RuneCount, 1)] {
				if !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Variation_Selector, r) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}
