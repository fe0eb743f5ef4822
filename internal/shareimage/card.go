package shareimage

import (
	"image"
	"image/color"
	"io"
	"strings"
	"sync"

	"github.com/go-text/typesetting/shaping"
)

// A castaway's card: the picture a link to their page previews with, at the size and
// shape (1.91:1) previews show large. Their headshot (or their initials, as the site
// shows them) in a frame on the beach, beside a board with their name, their seasons and
// where the community ranks them. The caller words every line (the contract's messages).

// The card's size.
const (
	CardWidth  = 1200
	CardHeight = 630
)

// CardPictureSide is the side of the card's picture.
const CardPictureSide = 340

// The card's geometry: the picture left, the board right, the text inside the board.
const (
	cardPictureX    = 70
	cardBoardLeft   = 470
	cardBoardMargin = 40
	cardTextPad     = 44
	cardGap         = 18 // between two blocks of text

	cardNameMax, cardNameMin     = 92, 40
	cardEyebrowSize              = 30
	cardHighlightMax             = 60
	cardLinesMax, cardLinesMin   = 30, 20
	cardFooterMax, cardFooterMin = 22, 12
)

// Card is what a castaway's card shows, top to bottom.
type Card struct {
	Eyebrow string // small, above the name ("Castaway · Seasons 13, 16, 20, 40")
	Name    string // large, on up to two lines
	About   string // under the name, on up to two lines (their seasons' names)
	// Highlight is drawn large under that ("#3 of all time"); "" for none.
	Highlight string
	Note      string // under the highlight: what it counts
	Picture   Item   // the headshot; without an Image, the name's initials on their disc
	Site      string // drawn small at the board's foot
}

// CardLayout is where the card's parts go.
type CardLayout struct {
	Picture image.Rectangle
	Mark    MonogramLayout // the initials' disc when there is no headshot
	Board   image.Rectangle
	// Text holds every block of text drawn, top to bottom: eyebrow, name, about,
	// highlight, note, site (the empty ones left out).
	Text   []TextBlock
	blocks []cardBlock
}

// TextBlock is one block of text as drawn.
type TextBlock struct {
	Lines []string
	Size  int
	Bound image.Rectangle
}

type cardBlock struct {
	lines  []line
	dots   []image.Point
	size   int
	color  color.RGBA
	shadow int // the shadow's offset
}

var cardScene = sync.OnceValue(func() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, CardWidth, CardHeight))
	paintBeach(img, beach{horizon: 360, shore: 470, sunX: 250, sunR: 110})
	board := cardBoard()
	fillRoundRect(img, board.Add(image.Pt(8, 10)), 22, shadow)
	fillRoundRect(img, board, 22, frameDark)
	woodPanel(img, board.Inset(10), 16, 5, false)
	return img
})

func cardBoard() image.Rectangle {
	return image.Rect(cardBoardLeft, cardBoardMargin, CardWidth-cardBoardMargin, CardHeight-cardBoardMargin)
}

// CardLayout computes where the card's parts go without drawing.
func (r *Renderer) CardLayout(c Card) CardLayout {
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	return layoutCard(ts, c)
}

func layoutCard(ts *typesetter, c Card) CardLayout {
	var lay CardLayout
	top := (CardHeight - CardPictureSide) / 2
	lay.Picture = image.Rect(cardPictureX, top, cardPictureX+CardPictureSide, top+CardPictureSide)
	if c.Picture.Name == "" {
		c.Picture.Name = c.Name
	}
	if !hasPicture(c.Picture) {
		lay.Mark = monogram(ts, lay.Picture, c.Picture, false)
	}
	lay.Board = cardBoard()
	text := lay.Board.Inset(cardTextPad)
	type spec struct {
		s                       string
		max, min, lines, shadow int
		color                   color.RGBA
	}
	specs := []spec{{c.Eyebrow, cardEyebrowSize, cardLinesMin, 1, 2, cream}, {c.Name, cardNameMax, cardNameMin, 2, 4, gold},
		{c.About, cardLinesMax, cardLinesMin, 2, 2, cream}, {c.Highlight, cardHighlightMax, cardLinesMin, 1, 3, gold},
		{c.Note, cardLinesMax, cardLinesMin, 1, 2, cream}}
	var footer *cardBlock
	if site := strings.TrimSpace(c.Site); site != "" {
		ls, size := fitBlock(ts, site, cardFooterMax, cardFooterMin, text.Dx(), 1)
		footer = &cardBlock{lines: ls, size: size, color: cream, shadow: 2}
	}
	room := text.Dy()
	if footer != nil {
		room -= blockHeight(ts, footer.size, 1) + cardGap
	}
	// Every block as large as it goes, then all smaller together until they fit the board.
	var total int
	for k := 100; k >= 50; k -= 5 {
		lay.blocks, total = nil, -cardGap
		for _, sp := range specs {
			if sp.s = strings.TrimSpace(sp.s); sp.s == "" {
				continue
			}
			ls, size := fitBlock(ts, sp.s, max(sp.min, sp.max*k/100), sp.min, text.Dx(), sp.lines)
			lay.blocks = append(lay.blocks, cardBlock{lines: ls, size: size, color: sp.color, shadow: sp.shadow})
			total += blockHeight(ts, size, len(ls)) + cardGap
		}
		if total <= room {
			break
		}
	}
	y := text.Min.Y + max(0, (room-total)/2)
	place := func(b *cardBlock, y int, right bool) {
		asc, _ := ts.metrics(b.size)
		tb := TextBlock{Size: b.size}
		for j, ln := range b.lines {
			dot := image.Pt(text.Min.X, y+asc+j*lineGap(b.size))
			if right {
				dot.X = text.Max.X - ln.pxWidth(b.size)
			}
			b.dots = append(b.dots, dot)
			tb.Lines = append(tb.Lines, ln.text)
			tb.Bound = tb.Bound.Union(ln.bounds(b.size, dot))
		}
		lay.Text = append(lay.Text, tb)
	}
	for i := range lay.blocks {
		place(&lay.blocks[i], y, false)
		y += blockHeight(ts, lay.blocks[i].size, len(lay.blocks[i].lines)) + cardGap
	}
	if footer != nil { // at the board's foot, on the right
		place(footer, text.Max.Y-blockHeight(ts, footer.size, 1), true)
		lay.blocks = append(lay.blocks, *footer)
	}
	return lay
}

// lineGap is the distance between the baselines of a block's lines.
func lineGap(size int) int { return size * 6 / 5 }

// blockHeight is the height n lines at size take.
func blockHeight(ts *typesetter, size, n int) int {
	asc, desc := ts.metrics(size)
	return (n-1)*lineGap(size) + asc + desc
}

// fitBlock fits s into at most maxLines lines no wider than width, broken where Unicode
// allows, at the largest size in [min, max], but on one line when that is at least 3/4 of
// the size more lines allow; if none fits, the last line at min is cut with an ellipsis.
func fitBlock(ts *typesetter, s string, max, min, width, maxLines int) ([]line, int) {
	p := ts.shape(s)
	wrapAt := func(size int) []line { return ts.wrap(p, toRef(width, size), shaping.Never, 0) }
	fitsIn := func(n int) int {
		return largest(min, max, func(size int) bool {
			ls := wrapAt(size)
			return len(ls) <= n && widest(ls, size) <= width
		})
	}
	one, size := fitsIn(1), fitsIn(maxLines)
	if one >= min && one >= size*3/4 {
		size = one
	}
	if size >= min {
		return wrapAt(size), size
	}
	return fitWidth(ts, p, min, width, maxLines), min
}

// DrawCard renders a castaway's card into a new image.
func (r *Renderer) DrawCard(c Card) *image.RGBA {
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	lay := layoutCard(ts, c)
	scene := cardScene()
	dst := image.NewRGBA(scene.Rect)
	copy(dst.Pix, scene.Pix)
	drawPicture(dst, ts, lay.Picture, c.Picture, lay.Mark)
	for _, b := range lay.blocks {
		for j, ln := range b.lines {
			ts.drawLine(dst, ln, b.size, b.dots[j], b.color, b.shadow, shadow)
		}
	}
	return dst
}

// CardPNG draws the card and encodes it as an RGB PNG.
func (r *Renderer) CardPNG(w io.Writer, c Card) error {
	return encodePNG(w, r.DrawCard(c))
}
