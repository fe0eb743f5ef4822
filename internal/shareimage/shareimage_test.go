package shareimage

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-text/typesetting/font"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata (and goldens.sum)")

var (
	rendOnce sync.Once
	rend     *Renderer
	rendErr  error
)

func renderer(t testing.TB) *Renderer {
	t.Helper()
	rendOnce.Do(func() { rend, rendErr = New() })
	if rendErr != nil {
		t.Fatal(rendErr)
	}
	return rend
}

// portrait is a synthetic "photo": a gradient with a face-ish circle.
func portrait(w, h int, c color.RGBA) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := float64(y) / float64(h)
			img.SetRGBA(x, y, lerp(c, color.RGBA{0x20, 0x20, 0x30, 0xff}, k))
			dx, dy := x-w/2, y-h/3
			if dx*dx+dy*dy < (w/5)*(w/5) {
				img.SetRGBA(x, y, color.RGBA{0xe0, 0xb0, 0x90, 0xff})
			}
		}
	}
	return img
}

// fanText is what fans type into names and titles: every script and symbol
// the share image must draw.
var fanText = []string{
	"Parvati Shallow", "Ünïcödé — “Blindside” …", "Алексей Смирнов", "Ελένη Παπαδοπούλου",
	"山田 太郎", "日本語", "生存者", "ひらがな カタカナ", "김민지", "한국어",
	"العربية", "محمد علي", "עברית", "דניאל כהן",
	"🔥", "❤", "❤️", "★", "☆", "😀", "👍🏽", "🏝️", "♥ ✓ ☀",
}

func sampleList() List {
	return List{
		Title: "★ My All-Time Favourite Castaways ❤",
		Site:  "survivor.example.org",
		Items: []Item{
			{Name: "Parvati Shallow 🔥", Image: portrait(300, 400, color.RGBA{0x30, 0x90, 0xc0, 0xff})},
			{Name: "Алексей & Ελένη", IsSeason: true, Image: portrait(400, 200, color.RGBA{0xc0, 0x40, 0x30, 0xff})},
			{Name: "山田 太郎 · 김민지", Image: nil},
			{Name: "محمد العربي", IsSeason: true},
			{Name: "דניאל כהן", Image: portrait(200, 200, color.RGBA{0x40, 0xa0, 0x50, 0xff})},
			{Name: "Sixth is never drawn", Image: nil},
		},
	}
}

// goldens are the images TestGolden compares, by file in testdata.
func goldens() map[string]List {
	full := sampleList()
	return map[string]List{
		"golden.png": full,
		"golden-1.png": {Title: "日本語のサバイバー", Site: full.Site,
			Items: []Item{{Name: "Sandra Diaz-Twine", Image: portrait(200, 260, color.RGBA{0x40, 0xa0, 0x50, 0xff})}}},
		"golden-3.png": {Title: "Top 3 ★", Site: full.Site,
			Items: []Item{full.Items[0], {Name: "Heroes vs. Villains", IsSeason: true}, {Name: "עברית Rob ❤️"}}},
		"golden-tiers.png": tierSample(),
	}
}

// goldenCards are the castaway cards TestGolden compares, by file in testdata.
func goldenCards() map[string]Card {
	return map[string]Card{"golden-card.png": sampleCard(), "golden-card-photo.png": photoCard()}
}

func TestGolden(t *testing.T) {
	r := renderer(t)
	for name, l := range goldens() {
		t.Run(name, func(t *testing.T) { checkGolden(t, r.Draw(l), filepath.Join("testdata", name)) })
	}
	for name, c := range goldenCards() {
		t.Run(name, func(t *testing.T) { checkGolden(t, r.DrawCard(c), filepath.Join("testdata", name)) })
	}
}

func checkGolden(t *testing.T, got *image.RGBA, path string) {
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != got.Bounds() {
		t.Fatalf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	// Tolerance: a channel may differ by 8 levels; at most 0.2% of pixels
	// may differ by more (antialiasing differences across platforms).
	const chanTol = 8
	maxBad := got.Rect.Dx() * got.Rect.Dy() / 500
	bad := 0
	for y := 0; y < got.Rect.Dy(); y++ {
		for x := 0; x < got.Rect.Dx(); x++ {
			g := got.RGBAAt(x, y)
			wr, wg, wb, _ := want.At(x, y).RGBA()
			if diff(g.R, wr>>8) > chanTol || diff(g.G, wg>>8) > chanTol || diff(g.B, wb>>8) > chanTol {
				bad++
			}
		}
	}
	if bad > maxBad {
		t.Errorf("%d pixels differ from %s (allowed %d); if the change is intended, bump Version and run go test -run TestGolden -update", bad, path, maxBad)
	}
}

// TestGoldenVersion ties Version to the golden images: testdata/goldens.sum
// records the Version they were drawn for with their hash, so new goldens
// (a changed drawing) without a new Version, which would leave caches
// showing the old images, fail here.
func TestGoldenVersion(t *testing.T) {
	h := sha256.New()
	names := make([]string, 0, len(goldens())+len(goldenCards()))
	for name := range goldens() {
		names = append(names, name)
	}
	for name := range goldenCards() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %x\n", name, sha256.Sum256(b))
	}
	sum := fmt.Sprintf("%s %x\n", Version, h.Sum(nil))
	path := filepath.Join("testdata", "goldens.sum")
	old, _ := os.ReadFile(path)
	oldVersion, oldHash, _ := strings.Cut(strings.TrimSpace(string(old)), " ")
	if *update && string(old) != sum {
		if oldVersion == Version {
			t.Fatalf("the golden images changed but Version is still %q: bump it so cached share images are redrawn", Version)
		}
		if err := os.WriteFile(path, []byte(sum), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(old) != sum {
		t.Errorf("testdata/goldens.sum says %s %s, the goldens are %s: bump Version and run go test -run 'TestGolden' -update", oldVersion, oldHash, strings.TrimSpace(sum))
	}
}

// TestEveryRuneHasAGlyph: no character fans type falls back to the empty
// .notdef box, in names or titles.
func TestEveryRuneHasAGlyph(t *testing.T) {
	r := renderer(t)
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	for _, s := range fanText {
		if missing := ts.missingGlyphs(s); len(missing) > 0 {
			t.Errorf("%q: no glyph for %q", s, string(missing))
		}
	}
	// and the check can fail: a private-use character has no glyph anywhere
	if missing := ts.missingGlyphs("a\ue000b"); string(missing) != "\ue000" {
		t.Errorf("missingGlyphs(a U+E000 b) = %q, want U+E000", string(missing))
	}
}

// TestRightToLeftAndJoined: Arabic letters take their joined forms (not the
// isolated glyph each letter has alone) and Hebrew is drawn right to left.
func TestRightToLeftAndJoined(t *testing.T) {
	r := renderer(t)
	ts := r.typesetter()
	defer r.typesetters.Put(ts)
	word := ts.oneLine(ts.shape("محمد"))
	isolated := map[font.GID]bool{}
	for _, c := range "محمد" {
		for _, g := range ts.oneLine(ts.shape(string(c))).runs[0].Glyphs {
			isolated[g.GlyphID] = true
		}
	}
	joined := 0
	for _, g := range word.runs[0].Glyphs {
		if !isolated[g.GlyphID] {
			joined++
		}
	}
	if joined < 3 {
		t.Errorf("محمد: %d of its glyphs are joined forms, want at least 3", joined)
	}
	// glyphs come left to right on the page: the first letter (shin) is the rightmost
	heb := ts.oneLine(ts.shape("שלום Rob"))
	if len(heb.runs) < 2 || heb.runs[0].Runes.Offset != 5 {
		t.Fatalf("שלום Rob: runs %+v, want the Latin run first (leftmost)", heb.runs)
	}
	gs := heb.runs[len(heb.runs)-1].Glyphs
	if gs[0].ClusterIndex != 3 || gs[len(gs)-1].ClusterIndex != 0 {
		t.Errorf("שלום: glyph clusters from left %d..%d, want 3..0", gs[0].ClusterIndex, gs[len(gs)-1].ClusterIndex)
	}
}

// TestShortListsLaidOutForTheirLength: a list of fewer than five items gets
// as many rows as items, centred in the band the five would fill, and the
// band shows sand, not planks, outside those rows.
func TestShortListsLaidOutForTheirLength(t *testing.T) {
	r := renderer(t)
	band := image.Rect(0, ItemsTop, Width, ItemsTop+MaxItems*RowHeight-20)
	for n := 1; n <= MaxItems; n++ {
		l := List{Title: "Short", Items: sampleList().Items[:n]}
		lay := r.Layout(l)
		if len(lay.Items) != n {
			t.Fatalf("%d items: %d rows", n, len(lay.Items))
		}
		first, last := lay.Items[0].RowRect, lay.Items[n-1].RowRect
		if above, below := first.Min.Y-band.Min.Y, band.Max.Y-last.Max.Y; above < 0 || below < 0 || above-below > 1 || below-above > 1 {
			t.Errorf("%d items: rows %d..%d are not centred in %d..%d", n, first.Min.Y, last.Max.Y, band.Min.Y, band.Max.Y)
		}
		if n < MaxItems && (lay.Items[0].NameMaxSize <= NameMaxSize || first.Dy() <= RowHeight-20) {
			t.Errorf("%d items: rows %dpx tall with names from %dpx, want bigger than five rows'", n, first.Dy(), lay.Items[0].NameMaxSize)
		}
		img := r.Draw(l)
		for y := band.Min.Y; y < band.Max.Y; y++ {
			inRow := false
			for _, il := range lay.Items {
				inRow = inRow || (y >= il.RowRect.Min.Y-8 && y < il.RowRect.Max.Y+14) // with shadows and frames
			}
			for x := 0; x < Width && !inRow; x++ {
				if c := img.RGBAAt(x, y); c != r.scene.RGBAAt(x, y) {
					t.Fatalf("%d items: (%d,%d) is %v, drawn over the beach outside every row", n, x, y, c)
				}
			}
		}
	}
}

// TestFooterNamesTheSite: the site's name is drawn small at the foot, and
// nothing else changes with it.
func TestFooterNamesTheSite(t *testing.T) {
	r := renderer(t)
	l := sampleList()
	with := r.Draw(l)
	l.Site = ""
	without := r.Draw(l)
	l.Site = "other.example"
	other := r.Draw(l)
	foot := image.Rect(0, ItemsTop+MaxItems*RowHeight, Width, Height)
	changed := 0
	for y := 0; y < Height; y++ {
		for x := 0; x < Width; x++ {
			if with.RGBAAt(x, y) != without.RGBAAt(x, y) {
				if !(image.Point{x, y}).In(foot) {
					t.Fatalf("the site's name changed (%d,%d), outside the foot %v", x, y, foot)
				}
				changed++
			}
		}
	}
	if changed < 200 {
		t.Errorf("the site's name changed %d pixels, want it drawn", changed)
	}
	if bytes.Equal(with.Pix, other.Pix) {
		t.Error("two sites draw the same footer")
	}
	lay := r.Layout(sampleList())
	if lay.Footer.Empty() || !lay.Footer.In(foot) || lay.Footer.Dy() > 40 {
		t.Errorf("footer box %v, want small text inside %v", lay.Footer, foot)
	}
}

func diff(a uint8, b uint32) int {
	d := int(a) - int(b)
	if d < 0 {
		return -d
	}
	return d
}

func TestSize(t *testing.T) {
	img := renderer(t).Draw(List{})
	if img.Bounds() != image.Rect(0, 0, 1024, 1536) {
		t.Fatalf("bounds %v", img.Bounds())
	}
}

func TestShortTitleUsesFullSize(t *testing.T) {
	lay := renderer(t).Layout(List{Title: "Top 5"})
	if lay.Title.Size != TitleMaxSize || lay.Title.LineHeight != TitleLineHeight {
		t.Fatalf("size %d line height %d, want %d/%d", lay.Title.Size, lay.Title.LineHeight, TitleMaxSize, TitleLineHeight)
	}
}

func titleArea() image.Rectangle {
	return image.Rect(TitleX, TitleY, TitleX+TitleWidth, TitleY+TitleHeight)
}

func TestTitlesShrinkAndStayInArea(t *testing.T) {
	r := renderer(t)
	titles := []string{
		"Top 5",
		"My All-Time Favourite Castaways",
		"The Greatest Strategic Players Who Never Won But Should Have Taken It All",
		strings.Repeat("Blindside ", 150),
		strings.Repeat("W", 200),
		"Supercalifragilisticexpialidocious",
		"Ünïcödé — 生存者 ranking 🔥",
		"日本語のサバイバー",
		"サバイバー日本版の最強プレイヤーランキング決定版",
		"محمد العربي وأصدقاؤه في جزيرة البقاء",
		"★ ❤️ 🔥 한국어 עברית Ελληνικά Русский",
	}
	prev := TitleMaxSize + 1
	for i, title := range titles[:4] {
		lay := r.Layout(List{Title: title})
		if lay.Title.Size > prev {
			t.Errorf("title %d: size %d grew with a longer title (prev %d)", i, lay.Title.Size, prev)
		}
		prev = lay.Title.Size
	}
	for _, title := range titles {
		lay := r.Layout(List{Title: title})
		tl := lay.Title
		if tl.Size < TitleMinSize || tl.Size > TitleMaxSize {
			t.Errorf("%q: size %d out of range", title, tl.Size)
		}
		if len(tl.Lines) == 0 {
			t.Errorf("%q: no lines", title)
		}
		for i, b := range tl.Bounds {
			if !b.In(titleArea()) {
				t.Errorf("%q: line %d %q at size %d has bounds %v outside %v", title, i, tl.Lines[i], tl.Size, b, titleArea())
			}
			if i > 0 && b.Min.Y < tl.Bounds[i-1].Max.Y-tl.Size/5 {
				t.Errorf("%q: line %d %q at size %d overlaps the line above (%v, %v)", title, i, tl.Lines[i], tl.Size, tl.Bounds[i-1], b)
			}
		}
	}
	if lay := r.Layout(List{Title: titles[2]}); lay.Title.Size >= TitleMaxSize || len(lay.Title.Lines) < 2 {
		t.Errorf("long title not shrunk/wrapped: size %d lines %q", lay.Title.Size, lay.Title.Lines)
	}
	if lay := r.Layout(List{Title: titles[3]}); lay.Title.Size != TitleMinSize {
		t.Errorf("very long title: size %d, want the minimum %d", lay.Title.Size, TitleMinSize)
	}
}

func TestNamesShrinkAndStayLeftOfLimit(t *testing.T) {
	r := renderer(t)
	names := []string{
		"Ty",
		"Parvati Shallow",
		"Russell Hantz the Villain",
		"Jonathan 'Jonny Fairplay' Dalton of Pearl Islands",
		strings.Repeat("M", 300),
		strings.Repeat("i", 20),
	}
	var items []Item
	for _, n := range names {
		items = append(items, Item{Name: n})
	}
	// Layout handles at most 5 at a time.
	for start := 0; start < len(items); start += MaxItems {
		end := min(start+MaxItems, len(items))
		lay := r.Layout(List{Title: "x", Items: items[start:end]})
		for _, il := range lay.Items {
			if il.NameSize < NameMinSize || il.NameSize > il.NameMaxSize {
				t.Errorf("%q: size %d out of range", il.Name, il.NameSize)
			}
			if il.NameBound.Max.X > TextRightLimit {
				t.Errorf("%q at %dpx reaches x=%d > %d", il.Name, il.NameSize, il.NameBound.Max.X, TextRightLimit)
			}
			if il.NameBound.Min.Y < il.RowRect.Min.Y || il.NameBound.Max.Y > il.RowRect.Max.Y {
				t.Errorf("%q: bounds %v leave row %v", il.Name, il.NameBound, il.RowRect)
			}
		}
	}
	lay := r.Layout(List{Items: []Item{{Name: "Ty"}, {Name: names[3]}, {Name: names[4]}}})
	if lay.Items[0].NameSize != lay.Items[0].NameMaxSize {
		t.Errorf("short name size %d, want %d", lay.Items[0].NameSize, lay.Items[0].NameMaxSize)
	}
	if s := lay.Items[1].NameSize; s >= lay.Items[1].NameMaxSize || s <= NameMinSize {
		t.Errorf("long name size %d, want shrunk but above minimum", s)
	}
	if s := lay.Items[2].NameSize; s != NameMinSize || !strings.HasSuffix(lay.Items[2].Name, "…") {
		t.Errorf("huge name: size %d name %q, want minimum size and ellipsis", s, lay.Items[2].Name)
	}
}

// TestNoInkPastLimit draws long names and checks that the pixels of each name
// strip right of the limit are unchanged from the empty image.
func TestNoInkPastLimit(t *testing.T) {
	r := renderer(t)
	var items []Item
	for i := 0; i < MaxItems; i++ {
		items = append(items, Item{Name: strings.Repeat("WMQ", 10+i*20)})
	}
	l := List{Title: strings.Repeat("Titlewide ", 40), Items: items}
	img := r.Draw(l)
	empty := r.Draw(List{Items: make([]Item, MaxItems)})
	lay := r.Layout(l)
	for _, il := range lay.Items {
		for y := il.RowRect.Min.Y; y < il.RowRect.Max.Y; y++ {
			for x := TextRightLimit; x < Width; x++ {
				if img.RGBAAt(x, y) != empty.RGBAAt(x, y) {
					t.Fatalf("row %d: pixel (%d,%d) changed right of x=%d", il.Rank, x, y, TextRightLimit)
				}
			}
		}
	}
	// Title: nothing outside the title area differs within the board band.
	for y := 0; y < ItemsTop; y++ {
		for x := 0; x < Width; x++ {
			if (image.Point{x, y}).In(titleArea()) {
				continue
			}
			if img.RGBAAt(x, y) != empty.RGBAAt(x, y) {
				t.Fatalf("title ink at (%d,%d) outside the title area", x, y)
			}
		}
	}
}

func TestAtMostFiveItems(t *testing.T) {
	r := renderer(t)
	l := sampleList()
	if len(l.Items) <= MaxItems {
		t.Fatal("sample must have more than 5 items")
	}
	if n := len(r.Layout(l).Items); n != MaxItems {
		t.Fatalf("%d items laid out, want %d", n, MaxItems)
	}
	// The area where a sixth row would go is untouched.
	l5 := l
	l5.Items = l.Items[:5]
	five, six := r.Draw(l5), r.Draw(l)
	if !bytes.Equal(five.Pix, six.Pix) {
		t.Fatal("a sixth item changed the image")
	}
}

func TestDegenerateInputsDoNotPanic(t *testing.T) {
	r := renderer(t)
	lists := []List{
		{},
		{Title: "   "},
		{Items: []Item{{}, {IsSeason: true}}},
		{Title: "x", Items: []Item{{Name: "a", Image: image.NewRGBA(image.Rect(0, 0, 0, 0))}}},
		{Title: "x", Items: []Item{{Name: "a", IsSeason: true, Image: image.NewRGBA(image.Rect(5, 5, 6, 1000))}}},
		{Title: "\xff\xfe", Items: []Item{{Name: "\x00\xff"}}},
	}
	for i, l := range lists {
		var buf bytes.Buffer
		if err := r.PNG(&buf, l); err != nil {
			t.Fatalf("list %d: %v", i, err)
		}
		if _, err := png.Decode(&buf); err != nil {
			t.Fatalf("list %d: output does not decode: %v", i, err)
		}
	}
}

func TestConcurrentDraw(t *testing.T) {
	r := renderer(t)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Layout(sampleList())
			r.Draw(sampleList())
		}()
	}
	wg.Wait()
}

func BenchmarkDrawPNG(b *testing.B) {
	r := renderer(b)
	l := sampleList()
	var buf bytes.Buffer
	c0 := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := r.PNG(&buf, l); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-c0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

func BenchmarkDraw(b *testing.B) {
	r := renderer(b)
	l := sampleList()
	c0 := cpuTime()
	for b.Loop() {
		r.Draw(l)
	}
	b.ReportMetric(float64(cpuTime()-c0)/1e6/float64(b.N), "cpu-ms/op")
}

func TestEncodeRoundTrip(t *testing.T) {
	r := renderer(t)
	img := r.Draw(sampleList())
	var buf bytes.Buffer
	if err := encodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < Height; y++ {
		for x := 0; x < Width; x++ {
			g := img.RGBAAt(x, y)
			dr, dg, db, da := dec.At(x, y).RGBA()
			if uint32(g.R) != dr>>8 || uint32(g.G) != dg>>8 || uint32(g.B) != db>>8 || da != 0xffff {
				t.Fatalf("pixel (%d,%d): got %v, encoded %v", x, y, g, dec.At(x, y))
			}
		}
	}
	p := []byte("some bytes to checksum, repeated many times. ")
	p = bytes.Repeat(p, 500)
	if got, want := adler32Combine(adler32.Checksum(p[:777]), adler32.Checksum(p[777:]), len(p)-777), adler32.Checksum(p); got != want {
		t.Fatalf("adler32 %x, want %x", got, want)
	}
}

// BenchmarkDrawPNGWorstCase uses a 50-character title (the list name limit)
// that needs many shrink steps and five long names.
func BenchmarkDrawPNGWorstCase(b *testing.B) {
	r := renderer(b)
	l := List{Title: strings.Repeat("Wm", 25)}
	for i := 0; i < MaxItems; i++ {
		l.Items = append(l.Items, Item{Name: strings.Repeat("Wide Name ", 8)})
	}
	var buf bytes.Buffer
	c0 := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := r.PNG(&buf, l); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-c0)/1e6/float64(b.N), "cpu-ms/op")
}

// TestPNGMatchesDraw checks PNG (which reuses pooled canvases) against Draw,
// after drawing a different list so a stale canvas would show.
func TestPNGMatchesDraw(t *testing.T) {
	r := renderer(t)
	var buf bytes.Buffer
	if err := r.PNG(&buf, List{Title: strings.Repeat("Other ", 9), Items: []Item{{Name: "Someone else"}}}); err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := r.PNG(&buf, sampleList()); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	want := r.Draw(sampleList())
	for y := 0; y < Height; y++ {
		for x := 0; x < Width; x++ {
			w := want.RGBAAt(x, y)
			dr, dg, db, _ := dec.At(x, y).RGBA()
			if uint32(w.R) != dr>>8 || uint32(w.G) != dg>>8 || uint32(w.B) != db>>8 {
				t.Fatalf("pixel (%d,%d) differs: PNG %v, Draw %v", x, y, dec.At(x, y), w)
			}
		}
	}
}
