package httpcache

import (
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Pages keeps built pages (a list's HTML), each under its subject's key with the version
// it was built from: what the page shows, read for the request anyway (a list's name,
// author, first entries and updatedAt). A page is answered from here while its version
// stands, so it is built, and gzipped, once per change rather than once per request, on
// every process alike, and is never one change behind; a reader's version that differs
// builds it anew. The least recently read pages go first past a bound on the bytes kept,
// so however many pages strangers ask for, they hold at most that.
type Pages struct {
	mu       sync.Mutex
	kept     *simplelru.LRU[string, keptPage]
	bytes    int // what the kept pages hold (Precompressed.Size and their keys and versions)
	maxBytes int
}

type keptPage struct {
	version string
	page    *Precompressed
}

func (k keptPage) size(key string) int { return len(key) + len(k.version) + k.page.Size() }

// NewPages keeps pages up to about maxBytes in all.
func NewPages(maxBytes int) *Pages {
	c := &Pages{maxBytes: maxBytes}
	// The count is bounded by the bytes; the LRU's own bound only has to be above it.
	kept, err := simplelru.NewLRU(max(maxBytes/1024, 1), func(key string, k keptPage) { c.bytes -= k.size(key) })
	if err != nil {
		panic(err) // only for a size below 1
	}
	c.kept = kept
	return c
}

// Page is the page kept under key if it was built from version.
func (c *Pages) Page(key, version string) (*Precompressed, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.kept.Get(key)
	if !ok || k.version != version {
		return nil, false
	}
	return k.page, true
}

// Keep keeps page under key as built from version, in place of any older one; a page
// larger than the whole bound is not kept.
func (c *Pages) Keep(key, version string, page *Precompressed) {
	k := keptPage{version: version, page: page}
	size := k.size(key)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept.Remove(key)
	if size > c.maxBytes {
		return
	}
	for c.bytes+size > c.maxBytes {
		if _, _, ok := c.kept.RemoveOldest(); !ok {
			break
		}
	}
	c.kept.Add(key, k) // below the LRU's count bound: pages are over a kilobyte each
	c.bytes += size
}

// Bytes is what the kept pages hold (for tests and /metrics).
func (c *Pages) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Get is the page under key built from version: kept, or built now with build and kept.
// Readers of a page not kept may build it at once; the last one built is kept.
func (c *Pages) Get(key, version string, build func() *Precompressed) *Precompressed {
	if p, ok := c.Page(key, version); ok {
		return p
	}
	p := build()
	c.Keep(key, version, p)
	return p
}
