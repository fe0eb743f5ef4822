package shareimage

import (
	"image"
	"image/color"
	"math"
)

// Horizon and shore lines of the background scene.
const (
	horizonY = 560
	shoreY   = 700
)

// drawScene paints the scene once: a dusk sky with a setting sun, the sea, a
// sandy beach, two bamboo torches and a wooden board behind the title. The
// planks behind the item rows are drawn by plankPatches.
func drawScene() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	paintBeach(img, beach{horizon: horizonY, shore: shoreY, sunX: 512, sunR: 120})

	drawTorch(img, 44, 250)
	drawTorch(img, Width-44, 250)

	// Title board.
	board := image.Rect(TitleX-40, TitleY-40, TitleX+TitleWidth+40, TitleY+TitleHeight+40)
	fillRoundRect(img, board.Add(image.Pt(8, 10)), 22, color.RGBA{0, 0, 0, 0x70})
	fillRoundRect(img, board, 22, color.RGBA{0x2e, 0x18, 0x0a, 0xff})
	woodPanel(img, board.Inset(10), 16, 3, false)

	return img
}

// beach is where a painted beach's sea and sand begin and where its sun sets.
type beach struct {
	horizon, shore int
	sunX, sunR     float64
}

// paintBeach fills img with a dusk sky and the sun setting into the sea above b.horizon,
// the sea down to b.shore, and sand below.
func paintBeach(img *image.RGBA, b beach) {
	skyTop := color.RGBA{0x1a, 0x16, 0x3a, 0xff}
	skyMid := color.RGBA{0x7a, 0x2e, 0x52, 0xff}
	skyLow := color.RGBA{0xf2, 0x8c, 0x3a, 0xff}
	seaTop := color.RGBA{0x2b, 0x5e, 0x78, 0xff}
	seaLow := color.RGBA{0x17, 0x3c, 0x52, 0xff}
	sandTop := color.RGBA{0xe6, 0xbf, 0x84, 0xff}
	sandLow := color.RGBA{0xb9, 0x8a, 0x55, 0xff}
	horizonY, shoreY := b.horizon, b.shore
	sunX, sunY, sunR := b.sunX, float64(horizonY)+10, b.sunR
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var c color.RGBA
			switch {
			case y < horizonY:
				t := float64(y) / float64(horizonY)
				if t < 0.55 {
					c = lerp(skyTop, skyMid, t/0.55)
				} else {
					c = lerp(skyMid, skyLow, (t-0.55)/0.45)
				}
				dx, dy := float64(x)-sunX, float64(y)-sunY
				d := math.Sqrt(dx*dx + dy*dy)
				if d < sunR {
					c = lerp(color.RGBA{0xff, 0xd8, 0x6a, 0xff}, color.RGBA{0xff, 0xb0, 0x40, 0xff}, d/sunR)
				} else {
					glow := math.Exp(-(d - sunR) / 160)
					c = add(c, color.RGBA{0xff, 0x9a, 0x40, 0xff}, 0.45*glow)
				}
			case y < shoreY:
				t := float64(y-horizonY) / float64(shoreY-horizonY)
				c = lerp(seaTop, seaLow, t)
				// sun reflection: broken horizontal streaks under the sun
				dx := math.Abs(float64(x) - sunX)
				reach := sunR * (1.1 - 0.6*t)
				if dx < reach && math.Sin(float64(y)*0.9+math.Sin(float64(x)*0.05)*2) > 0.3 {
					c = add(c, color.RGBA{0xff, 0xc0, 0x60, 0xff}, 0.55*(1-dx/reach)*(1-t*0.7))
				}
				if math.Sin(float64(y)*0.35+float64(x)*0.02)+hash(x/9, y) > 1.55 {
					c = add(c, color.RGBA{0xcf, 0xe8, 0xf0, 0xff}, 0.18)
				}
			default:
				t := float64(y-shoreY) / float64(h-shoreY)
				c = lerp(sandTop, sandLow, t)
				// wet sand and foam at the waterline
				wave := float64(shoreY) + 14 + 6*math.Sin(float64(x)*0.018)
				if float64(y) < wave {
					c = lerp(color.RGBA{0xf4, 0xf0, 0xe4, 0xff}, c, (float64(y)-float64(shoreY))/(wave-float64(shoreY)))
				}
				n := hash(x/3, y/3) - 0.5
				c = shade(c, 1+0.10*n)
			}
			img.SetRGBA(x, y, c)
		}
	}
}

// patch is a pre-drawn opaque piece of the background.
type patch struct{ img *image.RGBA }

func (p patch) drawInto(dst *image.RGBA) {
	r := p.img.Rect
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], p.img.Pix[p.img.PixOffset(r.Min.X, y):p.img.PixOffset(r.Max.X, y)])
	}
}

// plankPatches draws the wooden plank behind each of g's rows over the scene,
// shadow and nails included, as patches copied in for each image with that
// many rows (drawing the grain takes far longer than copying it).
func plankPatches(scene *image.RGBA, g rows) []patch {
	var out []patch
	for i := 0; i < g.n; i++ {
		pl := g.rect(i)
		img := image.NewRGBA(pl.Union(pl.Add(image.Pt(7, 9))).Intersect(scene.Rect))
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			copy(img.Pix[img.PixOffset(img.Rect.Min.X, y):img.PixOffset(img.Rect.Max.X, y)], scene.Pix[scene.PixOffset(img.Rect.Min.X, y):scene.PixOffset(img.Rect.Max.X, y)])
		}
		fillRoundRect(img, pl.Add(image.Pt(7, 9)), 14, color.RGBA{0, 0, 0, 0x68})
		fillRoundRect(img, pl, 14, color.RGBA{0x2e, 0x18, 0x0a, 0xff})
		woodPanel(img, pl.Inset(6), 10, 11+i*5, true)
		// nails
		for _, nx := range []int{pl.Min.X + 22, pl.Max.X - 22} {
			fillCircle(img, image.Pt(nx, pl.Min.Y+20), 5, color.RGBA{0x2a, 0x22, 0x1c, 0xff})
			fillCircle(img, image.Pt(nx, pl.Max.Y-20), 5, color.RGBA{0x2a, 0x22, 0x1c, 0xff})
			fillCircle(img, image.Pt(nx-1, pl.Min.Y+19), 2, color.RGBA{0x9a, 0x8e, 0x80, 0xff})
			fillCircle(img, image.Pt(nx-1, pl.Max.Y-21), 2, color.RGBA{0x9a, 0x8e, 0x80, 0xff})
		}
		out = append(out, patch{img})
	}
	return out
}

// woodPanel fills r (with rounded corners) with dark planks of horizontal
// grain, `planks` of them when horizontal is false (vertical seams) or one.
func woodPanel(img *image.RGBA, r image.Rectangle, radius int, seed int, single bool) {
	dark := color.RGBA{0x4a, 0x2a, 0x14, 0xff}
	light := color.RGBA{0x7c, 0x4a, 0x24, 0xff}
	plankH := 64
	if single {
		plankH = r.Dy() + 1
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !inRoundRect(r, radius, x, y) {
				continue
			}
			py := y - r.Min.Y
			plank := py / plankH
			s := float64(seed + plank*7)
			fx, fy := float64(x), float64(py%plankH)
			g := math.Sin(fy*0.55+2.4*math.Sin(fx*0.011+s)+1.3*math.Sin(fx*0.037+s*2)) * 0.5
			g += 0.25 * math.Sin(fy*1.7+fx*0.004+s)
			t := 0.45 + 0.3*g + 0.10*(hash(x/6, y/2)-0.5) + 0.08*math.Sin(s*1.9)
			c := lerp(dark, light, clamp01(t))
			// seam between planks and a soft bevel
			if !single && fy < 2 && py > 0 {
				c = color.RGBA{0x22, 0x12, 0x06, 0xff}
			} else if fy < 4 {
				c = shade(c, 1.12)
			} else if fy > float64(min(plankH, r.Dy()))-5 {
				c = shade(c, 0.82)
			}
			img.SetRGBA(x, y, c)
		}
	}
}

// drawTorch draws a bamboo tiki torch whose flame's centre is at (x, y).
func drawTorch(img *image.RGBA, x, y int) {
	// glow
	for yy := max(0, y-260); yy < min(Height, y+260); yy++ {
		for xx := max(0, x-260); xx < min(Width, x+260); xx++ {
			dx, dy := float64(xx-x), float64(yy-y)
			d := math.Sqrt(dx*dx + dy*dy)
			if d < 260 {
				a := 0.5 * math.Pow(1-d/260, 2)
				img.SetRGBA(xx, yy, add(img.RGBAAt(xx, yy), color.RGBA{0xff, 0x90, 0x30, 0xff}, a))
			}
		}
	}
	// pole with bamboo nodes
	for yy := y + 40; yy < Height; yy++ {
		for xx := x - 9; xx <= x+9; xx++ {
			t := float64(xx-(x-9)) / 18
			c := lerp(color.RGBA{0x8a, 0x6a, 0x30, 0xff}, color.RGBA{0x4a, 0x36, 0x16, 0xff}, t)
			if (yy-y)%110 < 5 {
				c = shade(c, 0.7)
			}
			img.SetRGBA(xx, yy, c)
		}
	}
	// woven cup
	for yy := y + 20; yy < y+70; yy++ {
		hw := 22 - (yy-y-20)/4
		for xx := x - hw; xx <= x+hw; xx++ {
			c := color.RGBA{0x6b, 0x4a, 0x22, 0xff}
			if ((xx+yy)/5)%2 == 0 {
				c = color.RGBA{0x8c, 0x66, 0x34, 0xff}
			}
			img.SetRGBA(xx, yy, c)
		}
	}
	// flame: nested teardrops
	flame := func(h, w float64, c color.RGBA) {
		for yy := y - int(h) - 20; yy < y+30; yy++ {
			for xx := x - int(w) - 2; xx <= x+int(w)+2; xx++ {
				dy := float64(yy - (y + 22)) // base of flame
				if dy > 0 || -dy > h {
					continue
				}
				t := -dy / h                                             // 0 at base .. 1 at tip
				half := w * math.Sin(math.Pi*math.Sqrt(t)) * (1 - 0.2*t) // bulb then point
				off := 6 * math.Sin(t*5) * t
				if math.Abs(float64(xx-x)-off) <= half {
					img.SetRGBA(xx, yy, c)
				}
			}
		}
	}
	flame(120, 30, color.RGBA{0xd8, 0x40, 0x10, 0xff})
	flame(90, 21, color.RGBA{0xff, 0x8a, 0x1c, 0xff})
	flame(58, 12, color.RGBA{0xff, 0xe0, 0x70, 0xff})
}

func hash(x, y int) float64 {
	h := uint32(x)*374761393 + uint32(y)*668265263
	h = (h ^ (h >> 13)) * 1274126177
	h ^= h >> 16
	return float64(h&0xffff) / 0xffff
}

func clamp01(t float64) float64 { return math.Max(0, math.Min(1, t)) }

func lerp(a, b color.RGBA, t float64) color.RGBA {
	t = clamp01(t)
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// add blends c over base by alpha a (a simple screen-like brighten).
func add(base, c color.RGBA, a float64) color.RGBA {
	out := lerp(base, c, a)
	out.A = 0xff
	return out
}

func shade(c color.RGBA, k float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(math.Max(0, math.Min(255, float64(v)*k))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// blend draws c (non-premultiplied alpha in c.A) over the pixel at (x, y).
func blend(img *image.RGBA, x, y int, c color.RGBA) {
	if !(image.Point{x, y}).In(img.Rect) {
		return
	}
	if c.A == 0xff {
		img.SetRGBA(x, y, c)
		return
	}
	b := img.RGBAAt(x, y)
	a := float64(c.A) / 255
	o := lerp(b, color.RGBA{c.R, c.G, c.B, 0xff}, a)
	o.A = 0xff
	img.SetRGBA(x, y, o)
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			blend(img, x, y, c)
		}
	}
}

func inRoundRect(r image.Rectangle, rad, x, y int) bool {
	cx := min(max(x, r.Min.X+rad), r.Max.X-1-rad)
	cy := min(max(y, r.Min.Y+rad), r.Max.Y-1-rad)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= rad*rad
}

func fillRoundRect(img *image.RGBA, r image.Rectangle, rad int, c color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if inRoundRect(r, rad, x, y) {
				blend(img, x, y, c)
			}
		}
	}
}

func fillCircle(img *image.RGBA, c image.Point, rad int, col color.RGBA) {
	for y := c.Y - rad; y <= c.Y+rad; y++ {
		for x := c.X - rad; x <= c.X+rad; x++ {
			dx, dy := x-c.X, y-c.Y
			if dx*dx+dy*dy <= rad*rad {
				blend(img, x, y, col)
			}
		}
	}
}
