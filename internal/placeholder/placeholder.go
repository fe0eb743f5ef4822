// Package placeholder draws the art shown when a contestant's headshot or a
// season's logo is missing: SVG for the browser; share images draw its text and
// colours themselves (Text, Colors).
// Drawing depends only on its input, so callers may cache the results.
package placeholder

import (
	"bytes"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/jpeg"
	"strconv"
	"strings"
)

// Art is the placeholder for one contestant or one season.
type Art struct {
	label       string // the accessible name: the contestant's name or "Season N"
	text        string // what the SVG writes: initials or the season number
	season      bool
	top, bottom color.RGBA
}

// Contestant is the art for the contestant called name: their initials on a tribe colour.
func Contestant(name string) Art {
	c := pick(name)
	return Art{label: name, text: Initials(name), top: c[0], bottom: c[1]}
}

// Season is the art for season number n: its number in a torch-lit ring.
func Season(n int) Art {
	c := pick(strconv.Itoa(n * 7))
	return Art{label: "Season " + strconv.Itoa(n), text: strconv.Itoa(n), season: true, top: c[0], bottom: c[1]}
}

// FranchiseSeason is the art for season n of another franchise ("AU", 3): "AU3" in the
// ring, the season's name its accessible name.
func FranchiseSeason(franchise string, n int, name string) Art {
	c := pick(franchise + strconv.Itoa(n*7))
	return Art{label: name, text: franchise + strconv.Itoa(n), season: true, top: c[0], bottom: c[1]}
}

// SVG is the art as a 200×200 SVG document.
func (a Art) SVG() []byte {
	if a.season {
		return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="%s">
<defs><radialGradient id="g" cx="50%%" cy="40%%" r="70%%"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#g)"/>
<circle cx="100" cy="100" r="78" fill="none" stroke="#f5c16c" stroke-width="6" stroke-opacity="0.85"/>
<path d="M100 38c10 14 16 22 16 34a16 16 0 0 1-32 0c0-12 6-20 16-34z" fill="#f5a623"/>
<text x="100" y="146" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="58" font-weight="700" fill="#fff4e0">%s</text>
</svg>`, html.EscapeString(a.label), hex(a.top), hex(a.bottom), html.EscapeString(a.text))
	}
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="%s">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="100" cy="78" r="34" fill="#ffffff" fill-opacity="0.14"/>
<path d="M40 200c4-44 30-66 60-66s56 22 60 66z" fill="#ffffff" fill-opacity="0.14"/>
<text x="100" y="118" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="#fff4e0">%s</text>
</svg>`, html.EscapeString(a.label), hex(a.top), hex(a.bottom), html.EscapeString(a.text))
}

// Text is what the art writes: the contestant's initials or the season's number.
func (a Art) Text() string { return a.text }

// Colors are the top and bottom of the art's gradient.
func (a Art) Colors() (top, bottom color.RGBA) { return a.top, a.bottom }

// Headshot draws a neutral head-and-shoulders silhouette, the earlier product's
// /images/placeholder.jpg, at size×size.
func Headshot(size int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size) / 256 // drawn on a 256 grid
	fg := color.RGBA{214, 196, 160, 255}
	for py := range size {
		for px := range size {
			x, y := float64(px)/s, float64(py)/s
			t := y / 256
			c := color.RGBA{uint8(58 - 30*t), uint8(74 - 40*t), uint8(62 - 34*t), 255}
			head := (x-128)*(x-128)+(y-100)*(y-100) < 48*48
			shoulders := y > 160 && (x-128)*(x-128)/(96*96)+(y-256)*(y-256)/(96*96) < 1
			if head || shoulders {
				c = fg
			}
			img.SetRGBA(px, py, c)
		}
	}
	return img
}

// HeadshotJPEG is Headshot(256) as a JPEG.
func HeadshotJPEG() ([]byte, error) {
	return encodeJPEG(Headshot(256))
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, fmt.Errorf("encode placeholder: %w", err)
	}
	return buf.Bytes(), nil
}

// Initials takes the first letter of the first and last words, skipping nicknames in quotes.
func Initials(name string) string {
	var words []string
	for _, w := range strings.Fields(name) {
		if !strings.HasPrefix(w, "'") && !strings.HasPrefix(w, "\"") {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return "?"
	}
	first := []rune(words[0])[:1]
	if len(words) == 1 {
		return strings.ToUpper(string(first))
	}
	last := []rune(words[len(words)-1])[:1]
	return strings.ToUpper(string(first) + string(last))
}

// palette holds a few warm tribe colours, top and bottom of a gradient.
var palette = [][2]color.RGBA{
	{{0xb4, 0x44, 0x1c, 255}, {0x5a, 0x1e, 0x0c, 255}},
	{{0x1f, 0x6f, 0x5c, 255}, {0x0b, 0x33, 0x2a, 255}},
	{{0x8a, 0x5a, 0x12, 255}, {0x3f, 0x28, 0x06, 255}},
	{{0x6b, 0x2f, 0x6e, 255}, {0x2c, 0x12, 0x30, 255}},
	{{0x23, 0x5a, 0x8c, 255}, {0x0e, 0x27, 0x40, 255}},
}

// pick chooses a palette entry from s, so neighbouring tiles differ.
func pick(s string) [2]color.RGBA {
	h := 0
	for _, c := range s {
		h = h*31 + int(c)
	}
	if h < 0 {
		h = -h
	}
	return palette[h%len(palette)]
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
