package server

import (
	"fmt"
	"html"
	"strings"
	"sync"

	"castaway/internal/httpcache"
	"castaway/web"
)

// The pages the server fills in (a list's, a castaway's, a season's) are the app's HTML
// with a few hundred bytes of their own: a head (title, description, cards), tags at the
// end of the head (what the page preloads) and what it paints first. Their HTML is built
// from a template of the app's page cut at those places, whose parts are compressed once
// (httpcache.Fixed), so a page built anew compresses only its own bytes; and a page built
// is kept (pagesKept) under what it shows, so it is built once per change to that, not
// once per request.

// pagesKeptBytes bounds the pages one process keeps: a list's page is about 37 KB plain
// and 11 KB gzipped, so about 680 of them.
const pagesKeptBytes = 32 << 20

// htmlType is a page's Content-Type.
const htmlType = "text/html; charset=utf-8"

// pageTemplate is the app's page for a module cut where a page puts its own: the head (in
// place of index.html's title and description), the tags at the head's end, and what it
// paints first (index.html's <!--boot-->). Between the head and those tags stand the
// app's script, its inlined styles and what the module preloads, nearly all of the page:
// compressed once. The few hundred bytes of the page around it go with its own.
type pageTemplate struct {
	before string           // up to the head
	middle *httpcache.Fixed // from the head to the tags
	// headEnd is what stands before </head> when a page adds no tags there.
	headEnd string
	body    string // from </head> to the first paint
	after   string // from the first paint to the end
}

// newPageTemplate cuts page (the app's HTML for a module); nil when it lacks a place (the
// notice served when the app is not built).
func newPageTemplate(page []byte) *pageTemplate {
	s := withoutDescription(string(page))
	title, titleEnd := strings.Index(s, "<title>"), strings.Index(s, "</title>")
	head, boot := strings.Index(s, "</head>"), strings.Index(s, bootMark)
	if title < 0 || titleEnd < title || head < titleEnd || boot < head {
		return nil
	}
	titleEnd += len("</title>")
	tags := len(strings.TrimRight(s[:head], " "))
	return &pageTemplate{before: s[:title], middle: httpcache.NewFixed([]byte(s[titleEnd:tags])), headEnd: s[tags:head],
		body: s[head:boot], after: s[boot+len(bootMark):]}
}

// bootMark is where index.html's first paint takes a page's own (web.WithBoot).
const bootMark = "<!--boot-->"

// page is the template's page with head, tags (web.WithHeadTags's) and boot.
func (t *pageTemplate) page(head, tags, boot string) *httpcache.Precompressed {
	end := t.headEnd
	if tags != "" {
		end = strings.TrimPrefix(tags, "\n") + "\n  "
	}
	return httpcache.Stitch(htmlType, "no-cache",
		httpcache.Own(t.before+head), t.middle.Part(), httpcache.Own(end+t.body+boot+t.after))
}

// pageTemplates are the templates of the modules' pages, each cut when first used.
type pageTemplates struct {
	mu    sync.Mutex
	cut   map[string]*pageTemplate // nil for a page that cannot be cut
	tried map[string]bool
}

func (t *pageTemplates) get(app *web.App, module string) *pageTemplate {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.tried[module] {
		if t.cut == nil {
			t.cut, t.tried = map[string]*pageTemplate{}, map[string]bool{}
		}
		t.cut[module], t.tried[module] = newPageTemplate(app.Page(module).Body()), true
	}
	return t.cut[module]
}

// pageHTML is module's page with p's head and boot for pageURL, and tags at the end of
// its head, the same for everyone who gets it.
func (s *Server) pageHTML(module string, p preview, pageURL, tags string) *httpcache.Precompressed {
	if t := s.templates.get(s.web, module); t != nil {
		return t.page(previewTags(p, pageURL), tags, p.boot)
	}
	page := withPreview(string(web.WithBoot(s.web.Page(module).Body(), p.boot)), p, pageURL)
	return httpcache.NewPrecompressed(web.WithHeadTags([]byte(page), tags), htmlType, "no-cache")
}

// bootHTML is what a page paints from its HTML alone, under the header bar (index.html's
// <!--boot-->): its heading (in capitals when the page shows it so) and a line under it.
// Sized (global.css .boot-main) a little larger than the page's own heading, so what the
// app paints in its place is never a larger paint than the HTML's.
func bootHTML(title, line string, capitals bool) string {
	class := "boot-main"
	if capitals {
		class += " boot-caps"
	}
	return fmt.Sprintf(`<main class="%s"><h1>%s</h1><p>%s</p></main>`, class, html.EscapeString(title), html.EscapeString(line))
}

// version is what p shows, which a page built from it is kept under.
func (p preview) version() string {
	return p.title + "\x00" + p.description + "\x00" + p.image + "\x00" + p.boot
}
