package server

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"

	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/shareimage"
	"castaway/web"
)

// listPage serves the app's HTML for /list/{userId}/{listId} with Open Graph and
// Twitter card tags, so a pasted link previews the list with its share image.
// Private and missing lists get the site's generic tags: a preview must never
// reveal what a reader could not open. A list missing or hidden from this reader
// answers 404, with the app, which shows its message.
//
// A list everyone may see has one page for every reader: shared for a moment as the list
// is (httpcache.Shared), and kept built, gzipped, under what it shows (s.pages), so it is
// made once per change to the list, with an ETag a reader's copy revalidates against.
func (s *Server) listPage(w http.ResponseWriter, r *http.Request) {
	userID, listID := r.PathValue("userId"), r.PathValue("listId")
	base := strings.TrimRight(s.cfg.BaseURL, "/")
	pageURL := base + "/list/" + url.PathEscape(userID) + "/" + url.PathEscape(listID)
	// The list itself is what the page paints first: the browser asks for it beside the
	// app's script, and the app's own request for it takes that answer.
	tags := func() string {
		return fmt.Sprintf("\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/lists/%s/%s\" />",
			html.EscapeString(url.PathEscape(userID)), html.EscapeString(url.PathEscape(listID)))
	}
	status := http.StatusNotFound
	if storableText(userID) && storableText(listID) {
		// Link previews are fetched signed out, so they show what everyone may see.
		key := "list\x00" + userID + "\x00" + listID
		v, err := s.shared.Get("list-page\x00"+userID+"\x00"+listID, func(ctx context.Context) (any, error) {
			l, err := s.lists.Visible(ctx, nil, userID, listID, s.sharedList)
			if err != nil {
				return nil, err
			}
			p := previewOf(l, base)
			return s.pages.Get(key, p.version(), func() *httpcache.Precompressed { return s.pageHTML(web.ListPage, p, pageURL, tags()) }), nil
		})
		if err == nil {
			v.(*httpcache.Precompressed).ServeHTTP(w, r)
			return
		}
		if r, err = s.withPageReader(r); err == nil {
			// Not everyone's to see: perhaps this reader's (its owner, an admin).
			_, err = s.lists.Visible(r.Context(), currentUser(r), userID, listID, s.sharedList)
		}
		if status = pageStatus(err); status == http.StatusOK && err != nil {
			s.log.ErrorContext(r.Context(), "list page", "err", err)
		}
	}
	s.pageHTML(web.ListPage, genericPreview, pageURL, tags()).ServeStatus(w, r, status)
}

// preview is a page's head: its title, description and, when it has one, its picture (a
// list's share image, a castaway's card: PNGs of a known size, shown large); and boot, the
// HTML its first paint shows under the header bar ("" for none).
type preview struct {
	title, description, image, boot string
	width, height                   int // the image's size
}

// genericPreview is what a link to a list nobody may see (or none) shows.
var genericPreview = preview{title: "Survivor Rankings", description: problem.MsgSiteDescription}

func previewOf(l *model.List, baseURL string) preview {
	p := preview{title: problem.Format(problem.MsgListPageTitle, map[string]string{"name": l.Name, "user": l.UserName})}
	p.boot = bootHTML(l.Name, problem.Format(problem.MsgListPageByline, map[string]string{"user": l.UserName}), false)
	var top []string
	for i, it := range l.Items {
		if i == 3 {
			break
		}
		top = append(top, fmt.Sprintf("%d. %s", i+1, it.Name))
	}
	p.description = strings.Join(top, " · ")
	if l.Description != "" {
		p.description = l.Description + " — " + p.description
	}
	p.width, p.height = shareimage.Width, shareimage.Height
	p.image = strings.TrimRight(baseURL, "/") + "/api/lists/" + url.PathEscape(l.UserID) + "/" + url.PathEscape(l.ID) + "/share.png?v=" + shareRevision(l)
	return p
}

// withoutDescription is index.html without its own description tags (a page's replace
// them), with the white space before each. A plain search: a regular expression starting
// with \s* costs a scan of the whole page per position, the bulk of a page's answer.
func withoutDescription(index string) string {
	var b strings.Builder
	for {
		i := strings.Index(index, `<meta name="description"`)
		if i < 0 {
			i = strings.Index(index, `<meta name=description`)
		}
		if i < 0 {
			b.WriteString(index)
			return b.String()
		}
		end := strings.IndexByte(index[i:], '>')
		if end < 0 {
			b.WriteString(index)
			return b.String()
		}
		b.WriteString(strings.TrimRight(index[:i], " \t\r\n"))
		index = index[i+end+1:]
	}
}

// withPreview puts the page's title, description and card tags into the app's index.html.
func withPreview(index string, p preview, pageURL string) string {
	tags := previewTags(p, pageURL)
	index = withoutDescription(index)
	start, end := strings.Index(index, "<title>"), strings.Index(index, "</title>")
	if start < 0 || end < start {
		return tags + "\n" + index
	}
	return index[:start] + tags + index[end+len("</title>"):]
}

// previewTags are the page's title, description and card tags.
func previewTags(p preview, pageURL string) string {
	title, desc := html.EscapeString(p.title), html.EscapeString(p.description)
	var b strings.Builder
	fmt.Fprintf(&b, `<title>%[1]s</title>
    <meta name="description" content="%[2]s" />
    <meta property="og:type" content="%[4]s" />
    <meta property="og:site_name" content="Survivor Rankings" />
    <meta property="og:title" content="%[1]s" />
    <meta property="og:description" content="%[2]s" />
    <meta property="og:url" content="%[3]s" />`, title, desc, html.EscapeString(pageURL), map[bool]string{true: "article", false: "website"}[p.image != ""])
	card := "summary"
	if p.image != "" {
		fmt.Fprintf(&b, `
    <meta property="og:image" content="%[1]s" />`, html.EscapeString(p.image))
		if p.width > 0 {
			card = "summary_large_image"
			fmt.Fprintf(&b, `
    <meta property="og:image:type" content="image/png" />
    <meta property="og:image:width" content="%[1]d" />
    <meta property="og:image:height" content="%[2]d" />`, p.width, p.height)
		}
		fmt.Fprintf(&b, `
    <meta property="og:image:alt" content="%[2]s" />
    <meta name="twitter:image" content="%[1]s" />`, html.EscapeString(p.image), title)
	}
	fmt.Fprintf(&b, `
    <meta name="twitter:card" content="%[3]s" />
    <meta name="twitter:title" content="%[1]s" />
    <meta name="twitter:description" content="%[2]s" />`, title, desc, card)
	return b.String()
}
