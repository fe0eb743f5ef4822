package server

import (
	"io"
	"strings"
	"testing"

	"castaway/internal/problem"
	"castaway/internal/store/storetest"
)

// Home and browse paint their heading and welcome from the HTML alone, before the app's
// script has run: on a phone that is the page's largest paint, not one seconds later.
func TestHomeAndBrowsePaintFromTheirHTML(t *testing.T) {
	e := newEnvOn(t, storetest.OpenSQLite(t))
	for path, want := range map[string]string{
		"/":         `<div id=root><main class="boot-main boot-caps"><h1>Survivor Rankings</h1><p>` + problem.MsgHomeIntro + `</p></main></div>`,
		"/rankings": `<div id=root><main class="boot-main boot-caps"><h1>Browse Rankings</h1><p>` + problem.MsgBrowseIntro + `</p></main></div>`,
	} {
		res := get(t, e.URL+path, nil)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, lacks %s:\n%s", path, res.StatusCode, want, body)
		}
	}
	// A page the app alone knows keeps the bare header bar.
	res := get(t, e.URL+"/mylists", nil)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(body), "boot-main") {
		t.Errorf("/mylists took another page's first paint:\n%s", body)
	}
}
