package web

import (
	"testing"

	"castaway/internal/httpcache"
)

// Styles that could close their element early are never inlined.
func TestStylesThatCouldEndTheirElementStayLinked(t *testing.T) {
	files := map[string]*httpcache.Precompressed{"/assets/a.css": httpcache.NewPrecompressed([]byte(`a::after { content: "</STYLE><script>"; }`), "text/css", "")}
	page := []byte(`<head><link rel="stylesheet" href="/assets/a.css"></head>`)
	got, sources := inlineStyles(page, files)
	if string(got) != string(page) || len(sources) != 0 {
		t.Errorf("inlined a stylesheet holding </style>: %s %v", got, sources)
	}
}
