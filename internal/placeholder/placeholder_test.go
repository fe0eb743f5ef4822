package placeholder

import (
	"bytes"
	"image/jpeg"
	"strings"
	"testing"

	"castaway/internal/catalog"
)

func TestInitials(t *testing.T) {
	for name, want := range map[string]string{"Parvati Shallow": "PS", "Benjamin 'Coach' Wade": "BW", "Q Burdette": "QB", "Sandra": "S", "": "?"} {
		if got := Initials(name); got != want {
			t.Errorf("Initials(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSVG(t *testing.T) {
	c := string(Contestant("Parvati & Shallow").SVG())
	for _, want := range []string{`aria-label="Parvati &amp; Shallow"`, `>PS</text>`, `<linearGradient`} {
		if !strings.Contains(c, want) {
			t.Errorf("contestant SVG lacks %s:\n%s", want, c)
		}
	}
	s := string(Season(45).SVG())
	for _, want := range []string{`aria-label="Season 45"`, `>45</text>`, `<radialGradient`, `cx="50%"`} {
		if !strings.Contains(s, want) {
			t.Errorf("season SVG lacks %s:\n%s", want, s)
		}
	}
}

// Share images draw the art themselves: its text and colours are the SVG's.
func TestTextAndColors(t *testing.T) {
	for _, a := range []Art{Contestant("Sandra Diaz-Twine"), Season(20)} {
		top, bottom := a.Colors()
		svg := string(a.SVG())
		for _, want := range []string{">" + a.Text() + "</text>", `stop-color="` + hex(top) + `"`, `stop-color="` + hex(bottom) + `"`} {
			if !strings.Contains(svg, want) {
				t.Errorf("%s: SVG lacks %s:\n%s", a.label, want, svg)
			}
		}
	}
	if Contestant("Sandra Diaz-Twine").Text() != "SD" || Season(20).Text() != "20" {
		t.Errorf("texts %q %q", Contestant("Sandra Diaz-Twine").Text(), Season(20).Text())
	}
}

func TestHeadshotJPEG(t *testing.T) {
	j, err := HeadshotJPEG()
	if err != nil {
		t.Fatal(err)
	}
	if img, err := jpeg.Decode(bytes.NewReader(j)); err != nil || img.Bounds().Dx() != 256 {
		t.Errorf("headshot JPEG: %v", err)
	}
}

func TestIndex(t *testing.T) {
	ix := NewIndex(catalog.MustLoad())
	if a, ok := ix.Contestant("s13/parvati"); !ok || !strings.Contains(string(a.SVG()), ">PS<") {
		t.Errorf("s13/parvati: %v", ok)
	}
	if a, ok := ix.ForImageURL("/media/seasons/45"); !ok || !strings.Contains(string(a.SVG()), ">45<") {
		t.Errorf("season 45 by URL: %v", ok)
	}
	if a, ok := ix.ForImageURL("/media/contestants/s13/parvati"); !ok || a != Contestant("Parvati Shallow") {
		t.Errorf("parvati by URL: %+v %v", a, ok)
	}
	for _, url := range []string{"/media/seasons/99", "/media/seasons/x", "/media/contestants/s13/nobody", "https://cdn.example/x.jpg", ""} {
		if _, ok := ix.ForImageURL(url); ok {
			t.Errorf("%q has art", url)
		}
	}
	if _, ok := ix.Season("0"); ok {
		t.Error("season 0 has art")
	}
}

// Another franchise's season logos are keyed by id, their art naming the franchise.
func TestIndexFranchises(t *testing.T) {
	au := catalog.Season{ID: "au3", Franchise: "AU", Number: 3, Name: "Survivor Australia: Champions vs. Contenders",
		Contestants: []catalog.Contestant{{ID: "au-shaun-hampson", Name: "Shaun Hampson"}}}
	ix := NewIndex(catalog.MustLoad().With(au))
	a, ok := ix.ForImageURL("/media/seasons/au3")
	if !ok || !strings.Contains(string(a.SVG()), ">AU3<") || a.label != au.Name {
		t.Errorf("au3 by URL: %v %+v", ok, a)
	}
	if a, ok := ix.ForImageURL("/media/seasons/3"); !ok || !strings.Contains(string(a.SVG()), ">3<") {
		t.Errorf("US season 3 by URL: %v", ok)
	}
	if _, ok := ix.Contestant("au3/shaun"); !ok {
		t.Error("au3/shaun has no art")
	}
}
