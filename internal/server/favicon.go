package server

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
)

// faviconICO is /favicon.ico, which browsers and crawlers ask for whatever the page
// names: the app's torch (web/public/favicon.svg) drawn at 32×32 and wrapped as a
// PNG-in-ICO, which every browser since IE 9 reads.
func faviconICO() []byte {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	bg := color.NRGBA{0x0b, 0x1f, 0x17, 0xff}
	handle, bar := color.NRGBA{0xa8, 0x74, 0x3d, 0xff}, color.NRGBA{0x6b, 0x44, 0x23, 0xff}
	for y := range n {
		for x := range n {
			px, py := float64(x)+0.5, float64(y)+0.5
			switch {
			case !inRoundedSquare(px, py, n, 7):
				continue // transparent corner
			case inFlame(px, py):
				img.SetNRGBA(x, y, flameColor(py))
			case py >= 19.5 && py < 21.7 && px >= 12 && px < 20:
				img.SetNRGBA(x, y, bar)
			case py >= 21.7 && py < 30 && math.Abs(px-16) < 3.5-(py-20)*0.16:
				img.SetNRGBA(x, y, handle)
			default:
				img.SetNRGBA(x, y, bg)
			}
		}
	}
	var p bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	var ico bytes.Buffer
	// ICONDIR (reserved, type 1 = icon, one image) and its ICONDIRENTRY.
	binary.Write(&ico, binary.LittleEndian, []uint16{0, 1, 1})
	ico.Write([]byte{n, n, 0, 0})
	binary.Write(&ico, binary.LittleEndian, []uint16{1, 32})
	binary.Write(&ico, binary.LittleEndian, []uint32{uint32(p.Len()), 6 + 16})
	ico.Write(p.Bytes())
	return ico.Bytes()
}

func inRoundedSquare(x, y, size, r float64) bool {
	cx, cy := math.Max(r, math.Min(size-r, x)), math.Max(r, math.Min(size-r, y))
	return math.Hypot(x-cx, y-cy) <= r
}

// inFlame is a teardrop: a disc of radius 6 around (16, 13.5) drawn up to a tip at (16, 3).
func inFlame(x, y float64) bool {
	if math.Hypot(x-16, y-13.5) <= 6 {
		return true
	}
	if y < 3 || y > 13.5 {
		return false
	}
	return math.Abs(x-16) <= 6*(y-3)/10.5
}

// flameColor runs from the flame's orange base to its pale yellow tip.
func flameColor(y float64) color.NRGBA {
	t := math.Max(0, math.Min(1, (19.5-y)/16.5))
	lerp := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t) }
	return color.NRGBA{lerp(0xe8, 0xff), lerp(0x53, 0xe0), lerp(0x1f, 0x8a), 0xff}
}
