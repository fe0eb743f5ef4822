package shareimage

import (
	"image"
	"image/color"

	xdraw "golang.org/x/image/draw"
)

func drawPicture(dst *image.RGBA, r image.Rectangle, it Item) {
	// shadow and wooden frame
	fillRect(dst, r.Add(image.Pt(5, 6)).Inset(-6), color.RGBA{0, 0, 0, 0x60})
	fillRect(dst, r.Inset(-6), frameDark)
	fillRect(dst, r.Inset(-3), gold)
	drawArt(dst, r, it)
}

// drawArt draws it's picture filling r: a logo fitted on a light ground, a photo
// cropped to the square, or the drawn fallback.
func drawArt(dst *image.RGBA, r image.Rectangle, it Item) {
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
