package server

import (
	"errors"
	"fmt"
	"html"
	"net/http"
	"strings"

	"castaway/internal/lists"
	"castaway/internal/store"
)

// listPage serves the app's HTML for /list/{userId}/{listId} with Open Graph and
// Twitter card tags, so a pasted link previews the list. Private and missing lists
// get the plain page: a preview must never reveal what a reader could not open.
func (s *Server) listPage(w http.ResponseWriter, r *http.Request) {
	userID, listID := r.PathValue("userId"), r.PathValue("listId")
	if !storableText(userID) || !storableText(listID) {
		s.web.index.ServeHTTP(w, r)
		return
	}
	// Link previews are fetched signed out, so they show what everyone may see.
	l, err := lists.Find(r.Context(), s.store, userID, listID, "")
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.ErrorContext(r.Context(), "list preview", "err", err)
		}
		s.web.index.ServeHTTP(w, r)
		return
	}
	page := withPreview(string(s.web.index.raw), previewOf(l), s.cfg.BaseURL+r.URL.Path)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write([]byte(page))
}

type preview struct{ title, description string }

func previewOf(l *store.List) preview {
	p := preview{title: l.Name + " — a Survivor ranking by " + l.UserName}
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
	return p
}

// withPreview puts the list's title and card tags into the app's index.html.
func withPreview(index string, p preview, url string) string {
	title, desc := html.EscapeString(p.title), html.EscapeString(p.description)
	tags := fmt.Sprintf(`<title>%[1]s</title>
    <meta property="og:type" content="article" />
    <meta property="og:site_name" content="Survivor Rankings" />
    <meta property="og:title" content="%[1]s" />
    <meta property="og:description" content="%[2]s" />
    <meta property="og:url" content="%[3]s" />
    <meta name="twitter:card" content="summary" />
    <meta name="twitter:title" content="%[1]s" />
    <meta name="twitter:description" content="%[2]s" />`, title, desc, html.EscapeString(url))
	start, end := strings.Index(index, "<title>"), strings.Index(index, "</title>")
	if start < 0 || end < start {
		return tags + "\n" + index
	}
	return index[:start] + tags + index[end+len("</title>"):]
}
