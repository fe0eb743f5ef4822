package server

import (
	"net/http"
	"testing"
	"time"

	"castaway/internal/lists"
)

// A fan predicts a season on air before its premiere over HTTP; the leaderboard answers
// with an ETag; once a moderator moves the premiere into the past an edit is refused with
// its message; a boot recorded is scored off the request, and the share image is drawn.
func TestPredictionsOverHTTP(t *testing.T) {
	e := newEnv(t)
	mod, modUser := e.signedIn(t, "Mod")
	if err := e.store.SetAdmin(t.Context(), modUser.Email, true); err != nil {
		t.Fatal(err)
	}
	fan, _ := e.signedIn(t, "Fan")
	season := map[string]any{"franchise": "US", "number": 51, "name": "Survivor 51", "premiere": "2099-03-01",
		"cast": []map[string]any{{"name": "Ann Poe", "tribe": "Luzon"}, {"name": "Bob Roe", "tribe": "Luzon"}, {"name": "Cat Doe", "tribe": "Tuku"}}}
	if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons", season, nil); st != http.StatusCreated {
		t.Fatalf("adding: %d", st)
	}
	order := map[string]any{"order": []string{"ann-poe", "bob-roe", "cat-doe"}}
	if st := callStatus(t, nil, "PUT", e.URL+"/api/seasons/s51/prediction", order, nil); st != http.StatusUnauthorized {
		t.Fatalf("signed out: %d", st)
	}
	if st := callStatus(t, fan, "PUT", e.URL+"/api/seasons/s51/prediction", order, nil); st != http.StatusOK {
		t.Fatalf("predicting: %d", st)
	}
	if st := callStatus(t, nil, "GET", e.URL+"/api/seasons/s51/predictions/"+"nobody", nil, nil); st != http.StatusNotFound {
		t.Fatalf("a sealed prediction: %d", st)
	}
	res := get(t, e.URL+"/api/seasons/s51/predictions", nil)
	tag := res.Header.Get("ETag")
	if res.StatusCode != http.StatusOK || tag == "" {
		t.Fatalf("board: %d %q", res.StatusCode, tag)
	}
	if again := get(t, e.URL+"/api/seasons/s51/predictions", map[string]string{"If-None-Match": tag}); again.StatusCode != http.StatusNotModified {
		t.Fatalf("board again: %d", again.StatusCode)
	}
	if st := callStatus(t, nil, "GET", e.URL+"/api/seasons/nope/predictions", nil, nil); st != http.StatusNotFound {
		t.Fatalf("board of no season: %d", st)
	}

	if st := callStatus(t, mod, "PUT", e.URL+"/api/moderation/seasons/s51/premiere", map[string]any{"premiere": "2020-01-01"}, nil); st != http.StatusOK {
		t.Fatalf("moving the premiere: %d", st)
	}
	var refused apiErr
	if st := callStatus(t, fan, "PUT", e.URL+"/api/seasons/s51/prediction", order, &refused); st != http.StatusConflict ||
		refused.Error.Message != "Predictions for Survivor 51 locked at the premiere, 1 January 2020, 00:00 UTC." {
		t.Fatalf("after the premiere: %d %+v", st, refused)
	}
	boot := map[string]any{"episode": 1, "day": 3, "castaway": "cat-doe", "result": "1st voted out"}
	if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons/s51/boots", boot, nil); st != http.StatusCreated {
		t.Fatalf("recording: %d", st)
	}
	var mine struct {
		Entry struct {
			UserID string
			Score  struct{ Score, Boots int }
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for callStatus(t, fan, "GET", e.URL+"/api/seasons/s51/prediction", nil, &mine); mine.Entry.Score.Boots != 1; callStatus(t, fan, "GET", e.URL+"/api/seasons/s51/prediction", nil, &mine) {
		if time.Now().After(deadline) {
			t.Fatalf("never scored: %+v", mine)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if mine.Entry.Score.Score != 3 {
		t.Fatalf("score: %+v", mine)
	}
	card := get(t, e.URL+"/api/seasons/s51/predictions/"+mine.Entry.UserID+"/share.png", nil)
	if card.StatusCode != http.StatusOK || card.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("share image: %d %s", card.StatusCode, card.Header.Get("Content-Type"))
	}
	if again := get(t, card.Request.URL.String(), map[string]string{"If-None-Match": card.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
		t.Fatalf("share image again: %d", again.StatusCode)
	}

	// A card drawn counts against the share images' limit per client address, as a list's
	// and a castaway's do: past it, a 429 no cache keeps; a revalidation draws nothing.
	now := time.Now()
	e.setClock(now) // the limit is a rate (one a second): hold the time still
	for range lists.ShareDrawPerClient.Max {
		if _, err := e.store.HitRateLimit(t.Context(), lists.ShareDrawPerClient.Hit("127.0.0.1"), now); err != nil {
			t.Fatal(err)
		}
	}
	over := get(t, card.Request.URL.String(), nil)
	if h := over.Header; over.StatusCode != http.StatusTooManyRequests || h.Get("Retry-After") == "" || h.Get("ETag") != "" || h.Get("Cache-Control") != "no-store" {
		t.Errorf("over the limit: %d, Retry-After %q, ETag %q, Cache-Control %q; want 429 kept by no cache", over.StatusCode,
			h.Get("Retry-After"), h.Get("ETag"), h.Get("Cache-Control"))
	}
	if again := get(t, card.Request.URL.String(), map[string]string{"If-None-Match": card.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation over the limit: %d, want 304", again.StatusCode)
	}
}
