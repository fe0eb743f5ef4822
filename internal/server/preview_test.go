package server

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
)

func TestListPagePreview(t *testing.T) {
	env := newEnv(t)
	_, owner := env.signedIn(t, "Maddy")
	ctx := context.Background()
	content := func(name string, public bool) model.ListContent {
		return model.ListContent{Name: name, Description: "Only winners. <Fight> me.", IsPublic: public,
			Tags: []string{"survivor-ranking"}, Items: []model.Item{
				{ID: "parvati-shallow", Name: "Parvati Shallow", ImageURL: "/x"},
				{ID: "sandra-diaz-twine", Name: "Sandra Diaz-Twine", ImageURL: "/y"},
			}}
	}
	pub, err := env.store.CreateList(ctx, owner.ID, lists.IDs(time.Now()), content("Best <Winners>", true), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	priv, err := env.store.CreateList(ctx, owner.ID, lists.IDs(time.Now().Add(time.Millisecond)), content("Secret Picks", false), time.Now().Add(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}

	body := func(path string, status int) string {
		res := get(t, env.URL+path, nil)
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != status {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		return string(b)
	}
	page := body("/list/"+owner.ID+"/"+pub.ID, 200)
	for _, want := range []string{
		`<title>Best &lt;Winners&gt; — a Survivor ranking by Maddy</title>`,
		`<meta property="og:title" content="Best &lt;Winners&gt; — a Survivor ranking by Maddy" />`,
		`content="Only winners. &lt;Fight&gt; me. — 1. Parvati Shallow · 2. Sandra Diaz-Twine"`,
		`<meta name="twitter:card" content="summary_large_image" />`,
		// Its title is painted from the HTML, before the app has run.
		`<div id=root><main class="boot-main"><h1>Best &lt;Winners&gt;</h1><p>a Survivor ranking by Maddy</p></main></div>`,
		`<link rel="preload" as="fetch" crossorigin href="/api/lists/` + owner.ID + `/` + pub.ID + `" />`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("public list page lacks %q:\n%s", want, page)
		}
	}
	for _, path := range []string{"/list/" + owner.ID + "/" + priv.ID, "/list/" + owner.ID + "/list_404", "/list/nobody/list_1"} {
		if page := body(path, 404); strings.Contains(page, "og:image") || strings.Contains(page, "Secret") || strings.Contains(page, "Maddy") ||
			!strings.Contains(page, "<div id=root></div>") {
			t.Errorf("%s previews a list it must not:\n%s", path, page)
		}
	}
}

// The page's own description replaces index.html's, whichever way index.html quotes it,
// and the rest of the page is kept byte for byte.
func TestWithoutDescription(t *testing.T) {
	for in, want := range map[string]string{
		"<head>\n    <meta name=\"description\" content=\"Rank\" />\n    <title>x</title>": "<head>\n    <title>x</title>",
		"<head><meta name=description content=Rank><title>x</title>":                       "<head><title>x</title>",
		"<head><title>x</title></head>":                                                    "<head><title>x</title></head>",
		"<meta name=\"description\"":                                                       "<meta name=\"description\"",
	} {
		if got := withoutDescription(in); got != want {
			t.Errorf("withoutDescription(%q) = %q, want %q", in, got, want)
		}
	}
}
