package server

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"io"
	"strings"
	"testing"
)

// TestFaviconIsAnIcon: /favicon.ico is an ICO holding a 32×32 PNG of the torch, not
// the app's HTML, and may be cached.
func TestFaviconIsAnIcon(t *testing.T) {
	env := newEnv(t)
	res := get(t, env.URL+"/favicon.ico", nil)
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/x-icon" ||
		!strings.Contains(res.Header.Get("Cache-Control"), "max-age=") {
		t.Fatalf("favicon: %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	if len(b) < 22 || !bytes.Equal(b[:6], []byte{0, 0, 1, 0, 1, 0}) {
		t.Fatalf("not an ICO with one image: % x", b[:min(len(b), 22)])
	}
	size, offset := binary.LittleEndian.Uint32(b[14:18]), binary.LittleEndian.Uint32(b[18:22])
	if int(offset)+int(size) != len(b) {
		t.Fatalf("image at %d+%d in %d bytes", offset, size, len(b))
	}
	img, err := png.Decode(bytes.NewReader(b[offset:]))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 32 || img.Bounds().Dy() != 32 || b[6] != 32 || b[7] != 32 {
		t.Fatalf("icon is %v", img.Bounds())
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("corner is not transparent")
	}
	if r, g, bl, _ := img.At(16, 14).RGBA(); r < 0xc000 || bl > r/2 || g > r {
		t.Errorf("the flame is not orange: %v", img.At(16, 14))
	}
}
