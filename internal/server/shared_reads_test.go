package server

import (
	"errors"
	"testing"
)

func TestSharedReadsKeepUntilAWrite(t *testing.T) {
	c := newSharedReads()
	loads := 0
	load := func() (any, error) { loads++; return loads, nil }

	if v, _ := c.get("home", load); v != 1 {
		t.Fatalf("first read: %v", v)
	}
	if v, _ := c.get("home", load); v != 1 || loads != 1 {
		t.Fatalf("second read: %v after %d loads, want the kept 1", v, loads)
	}
	c.invalidate()
	if v, _ := c.get("home", load); v != 2 {
		t.Fatalf("after a write: %v, want a fresh read", v)
	}

	// A value read while a write went through is answered but not kept.
	racing := func() (any, error) { loads++; c.invalidate(); return "stale", nil }
	if v, _ := c.get("browse", racing); v != "stale" {
		t.Fatalf("racing read: %v", v)
	}
	if v, _ := c.get("browse", load); v == "stale" {
		t.Fatal("a read overtaken by a write was kept")
	}

	if _, err := c.get("broken", func() (any, error) { return nil, errors.New("down") }); err == nil {
		t.Fatal("a failed read was not reported")
	}
	if v, _ := c.get("broken", load); v == nil {
		t.Fatal("a failed read was kept")
	}
}

func TestHomeShowsANewListAtOnce(t *testing.T) {
	ts := newEnv(t)
	c, u := ts.signedIn(t, "Parvati")
	var before struct{ Recent []struct{ Name string } }
	call(t, c, "GET", ts.URL+"/api/home", nil, &before)
	if len(before.Recent) != 0 {
		t.Fatalf("recent before: %+v", before.Recent)
	}
	if res := call(t, c, "POST", ts.URL+"/api/lists", map[string]any{
		"name": "Fresh off the boat", "contestants": []map[string]any{{"id": "s1", "isSeason": true}},
	}, nil); res.StatusCode != 201 {
		t.Fatalf("create: %d", res.StatusCode)
	}
	var after struct{ Recent []struct{ Name string } }
	call(t, nil, "GET", ts.URL+"/api/home", nil, &after)
	if len(after.Recent) != 1 || after.Recent[0].Name != "Fresh off the boat" {
		t.Fatalf("recent after %s saved a list: %+v", u.DisplayName, after.Recent)
	}
}
