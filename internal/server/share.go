package server

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/jpeg" // media headshots
	_ "image/png"  // media logos
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	xdraw "golang.org/x/image/draw"

	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/placeholder"
	"castaway/internal/problem"
	"castaway/internal/shareimage"
)

const (
	// shareDrawSlots bounds the images drawn at once (~40 ms of CPU each).
	shareDrawSlots = 2
	// shareDrawWait is how long a request waits for a slot before a 503.
	shareDrawWait = 2 * time.Second
	// sharePictureCache bounds the decoded pictures kept (each at most ~160x160 RGBA, ~100 KB).
	sharePictureCache = 256
	// sharePictureSide is the side the pictures are shrunk to (the season logo box).
	sharePictureSide = shareimage.SeasonLogoBox
	// shareMaxSourcePixels refuses media files too large to decode cheaply.
	shareMaxSourcePixels = 4096 * 4096

	msgShareFailed = problem.MsgShareFailed
	msgShareBusy   = problem.MsgShareBusy
)

// shareImages draws lists' share images (GET /api/lists/{userId}/{listId}/share.png)
// and castaways' cards (GET /api/contestants/{contestantId}/share.png, castawaycard.go).
type shareImages struct {
	renderer *shareimage.Renderer
	art      *placeholder.Index
	dir      string // the media folder; "" when media comes from a CDN
	// slots is the semaphore bounding concurrent draws; wait is how long to queue for one.
	slots chan struct{}
	wait  time.Duration

	mu   sync.Mutex
	pics map[string]image.Image // item image URL -> picture shrunk for drawing (nil: none)
}

func newShareImages(r *shareimage.Renderer, art *placeholder.Index, mediaDir, mediaURL string) *shareImages {
	dir := mediaDir
	if mediaURL != "" { // no outbound fetches: a CDN's pictures are drawn as placeholders
		dir = ""
	}
	return &shareImages{renderer: r, art: art, dir: dir, slots: make(chan struct{}, shareDrawSlots),
		wait: shareDrawWait, pics: map[string]image.Image{}}
}

// shareRevision names one drawing of a list: it changes whenever the list is
// saved, and with the renderer's Version, so whoever holds an old drawing (a
// browser by its ETag, a link preview by its og:image URL) fetches the new one.
func shareRevision(l *model.List) string {
	return shareimage.Version + `-` + strconv.FormatInt(l.UpdatedAt.UnixMilli(), 36)
}

func shareETag(l *model.List) string { return `"share-` + shareRevision(l) + `"` }

// shareImage answers a list's share PNG to whoever may see the list. Answers are
// revalidated on every use (no-cache) against an ETag from the list's updatedAt,
// so a 304 costs one list read and no drawing, and an edit, a deletion or a switch
// to private shows at once. Public lists' images may sit in shared caches (a CDN,
// a link-preview service); private ones only in their owner's browser.
func (s *Server) shareImage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	held := func(l *model.List) bool { return httpcache.ETagMatches(r.Header.Get("If-None-Match"), shareETag(l)) }
	l, draw, err := s.lists.ShareImage(r.Context(), actorOf(r), r.PathValue("userId"), r.PathValue("listId"), held)
	if err != nil {
		clearCaching(h)
		s.fail(w, r, "share image", err, msgShareFailed)
		return
	}
	h.Set("ETag", shareETag(l))
	if l.Listed() {
		h.Set("Cache-Control", "public, no-cache")
	} else {
		h.Set("Cache-Control", "private, no-cache")
		h.Add("Vary", "Cookie")
	}
	if !draw {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	site := siteName(s.cfg.BaseURL)
	s.servePNG(w, r, "share image", func(w io.Writer) error { return s.share.renderer.PNG(w, s.share.list(l, site)) })
}

// servePNG answers the PNG paint draws (what naming it in the log), once a drawing slot is
// free; a failure clears the caching headers already set, so no cache keeps it.
func (s *Server) servePNG(w http.ResponseWriter, r *http.Request, what string, paint func(io.Writer) error) {
	h := w.Header()
	png, err := s.share.draw(r.Context(), paint)
	if errors.Is(err, errShareBusy) {
		clearCaching(h)
		h.Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "busy", msgShareBusy)
		return
	}
	if err != nil {
		clearCaching(h)
		s.fail(w, r, "draw "+what, err, msgShareFailed)
		return
	}
	h.Set("Content-Type", "image/png")
	h.Set("Content-Length", strconv.Itoa(len(png)))
	w.Write(png)
}

func clearCaching(h http.Header) {
	h.Del("ETag")
	h.Set("Cache-Control", "no-store")
}

var errShareBusy = errors.New("share images: every drawing slot is busy")

// siteName is what the image's footer says it came from: the host of the site's address.
func siteName(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(u.Host, "www.")
}

// draw renders the PNG paint writes once a drawing slot is free, or errShareBusy when
// none frees up within the wait.
func (si *shareImages) draw(ctx context.Context, paint func(io.Writer) error) ([]byte, error) {
	t := time.NewTimer(si.wait)
	defer t.Stop()
	select {
	case si.slots <- struct{}{}:
	case <-t.C:
		return nil, errShareBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-si.slots }()
	var buf bytes.Buffer
	buf.Grow(1 << 20)
	if err := paint(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// list is what the image of l shows.
func (si *shareImages) list(l *model.List, site string) shareimage.List {
	sl := shareimage.List{Title: l.Name, Site: site}
	if l.Format == model.FormatTiers {
		entries := model.TierEntries(l.Items, len(l.Tiers))
		for i, t := range l.Tiers {
			st := shareimage.Tier{Label: t.Label, Color: t.Color}
			for _, it := range entries[i] {
				st.Items = append(st.Items, si.shareItem(it))
			}
			sl.Tiers = append(sl.Tiers, st)
		}
		return sl
	}
	for i, it := range l.Items {
		if i == shareimage.MaxItems {
			break
		}
		sl.Items = append(sl.Items, si.shareItem(it))
	}
	return sl
}

// shareItem is it as the image draws it: its picture, else its placeholder's initials or number.
func (si *shareImages) shareItem(it model.Item) shareimage.Item {
	art, _ := si.art.ForImageURL(it.ImageURL)
	return shareimage.Item{Name: shareItemName(it.Name, it.IsSeason), IsSeason: it.IsSeason, Image: si.picture(it.ImageURL), Art: art}
}

// shareItemName is an item's name as the image shows it: seasons without the
// "Survivor: " every one of them repeats (as the list page shows them), so long
// titles keep a readable size; "Survivor 45" stays whole, a bare number says less.
func shareItemName(name string, isSeason bool) string {
	if isSeason {
		if rest, ok := strings.CutPrefix(name, "Survivor: "); ok && rest != "" {
			return rest
		}
	}
	return name
}

// picture is the item's picture from the media folder; nil (the renderer draws its
// placeholder) when there is none or the URL names no catalog picture, so only catalog
// pictures are ever read and the cache, which keeps misses too, is bounded by the catalog.
func (si *shareImages) picture(url string) image.Image {
	if _, ok := si.art.ForImageURL(url); !ok {
		return nil
	}
	si.mu.Lock()
	img, ok := si.pics[url]
	si.mu.Unlock()
	if ok {
		return img
	}
	img = si.load(strings.TrimPrefix(url, "/media/"), sharePictureSide)
	si.mu.Lock()
	if len(si.pics) >= sharePictureCache {
		for k := range si.pics { // drop any one: cheap, and enough to stay bounded
			delete(si.pics, k)
			break
		}
	}
	si.pics[url] = img
	si.mu.Unlock()
	return img
}

// load decodes the media file for rel ("contestants/s13/parvati") shrunk so its
// shorter side is at most side; nil when there is none or it is unreadable.
func (si *shareImages) load(rel string, side int) image.Image {
	if si.dir == "" {
		return nil
	}
	for _, ext := range []string{".jpg", ".jpeg", ".png"} {
		f, err := os.Open(filepath.Join(si.dir, filepath.FromSlash(rel)+ext))
		if err != nil {
			continue
		}
		img := decodeBounded(f, side)
		f.Close()
		if img != nil {
			return img
		}
	}
	return nil
}

func decodeBounded(f *os.File, side int) image.Image {
	cfg, _, err := image.DecodeConfig(f)
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > shareMaxSourcePixels {
		return nil
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil
	}
	src, _, err := image.Decode(f)
	if err != nil {
		return nil
	}
	b := src.Bounds()
	short := min(b.Dx(), b.Dy())
	if short <= side {
		return src
	}
	w, h := b.Dx()*side/short, b.Dy()*side/short
	dst := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	return dst
}
