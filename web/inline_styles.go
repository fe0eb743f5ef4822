package web

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"

	"castaway/internal/httpcache"
)

// entryStylesheet is the <link> Vite writes into index.html for the entry's stylesheet.
var entryStylesheet = regexp.MustCompile(`<link rel="stylesheet"(?: crossorigin)? href="(/assets/[^"]+\.css)">`)

// inlineStyles puts the stylesheets index.html links into the page itself, as <style>
// elements: a phone then paints on the HTML alone, instead of first waiting a round trip
// for the styles (the only thing a first paint waited on). It returns the page and the
// Content-Security-Policy sources ('sha256-…') that allow exactly those elements; a
// stylesheet it does not have, or one that could end its element early, stays a link.
func inlineStyles(page []byte, files map[string]*httpcache.Precompressed) ([]byte, []string) {
	var sources []string
	out := entryStylesheet.ReplaceAllStringFunc(string(page), func(tag string) string {
		f := files[entryStylesheet.FindStringSubmatch(tag)[1]]
		if f == nil || strings.Contains(strings.ToLower(string(f.Body())), "</style") {
			return tag
		}
		sum := sha256.Sum256(f.Body())
		sources = append(sources, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		return "<style>" + string(f.Body()) + "</style>"
	})
	return []byte(out), sources
}
