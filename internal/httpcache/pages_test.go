package httpcache

import (
	"fmt"
	"strings"
	"testing"
)

// Pages answer a page only for the version it was built from, and keep no more bytes
// than their bound, the least recently read going first.
func TestPagesKeepVersionsWithinTheirBound(t *testing.T) {
	page := func(s string) *Precompressed {
		return Stitch("text/html", "no-cache", Own(s+strings.Repeat(".", 4000)))
	}
	c := NewPages(64 << 10)
	builds := 0
	get := func(key, version string) *Precompressed {
		return c.Get(key, version, func() *Precompressed { builds++; return page(key + version) })
	}
	a := get("a", "1")
	if get("a", "1") != a || builds != 1 {
		t.Fatalf("the same version built again: %d builds", builds)
	}
	if get("a", "2") == a || builds != 2 {
		t.Fatalf("a new version answered by the old page: %d builds", builds)
	}
	if _, ok := c.Page("a", "1"); ok {
		t.Error("the old version is still kept")
	}
	for i := range 100 {
		get(fmt.Sprint("k", i), "1")
		get("a", "2") // read often: kept
		if c.Bytes() > 64<<10 {
			t.Fatalf("%d bytes kept, bound %d", c.Bytes(), 64<<10)
		}
	}
	if _, ok := c.Page("a", "2"); !ok {
		t.Error("the page read most recently was dropped")
	}
	if _, ok := c.Page("k0", "1"); ok {
		t.Error("the oldest page is still kept past the bound")
	}
	c.Keep("huge", "1", page(strings.Repeat("x", 128<<10)))
	if _, ok := c.Page("huge", "1"); ok || c.Bytes() > 64<<10 {
		t.Errorf("a page over the whole bound kept (%d bytes)", c.Bytes())
	}
}
