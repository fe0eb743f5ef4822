package httpcache

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

func TestSharedKeepsUntilAWrite(t *testing.T) {
	c := NewShared(time.Second, time.Second)
	loads := 0
	load := func(context.Context) (any, error) { loads++; return loads, nil }

	if v, _ := c.Get("home", load); v != 1 {
		t.Fatalf("first read: %v", v)
	}
	if v, _ := c.Get("home", load); v != 1 || loads != 1 {
		t.Fatalf("second read: %v after %d loads, want the kept 1", v, loads)
	}
	c.Forget()
	if v, _ := c.Get("home", load); v != 2 {
		t.Fatalf("after a write: %v, want a fresh read", v)
	}

	// A value read while a write went through is answered but not kept.
	racing := func(context.Context) (any, error) { loads++; c.Forget(); return "stale", nil }
	if v, _ := c.Get("browse", racing); v != "stale" {
		t.Fatalf("racing read: %v", v)
	}
	if v, _ := c.Get("browse", load); v == "stale" {
		t.Fatal("a read overtaken by a write was kept")
	}

	if _, err := c.Get("broken", func(context.Context) (any, error) { return nil, errors.New("down") }); err == nil {
		t.Fatal("a failed read was not reported")
	}
	if v, _ := c.Get("broken", load); v == nil {
		t.Fatal("a failed read was kept")
	}
}

// Past its second a value is answered at once while one read renews it behind the
// scenes; readers wait only for a value too old to answer (or none at all).
func TestSharedRenewsBehindTheScenes(t *testing.T) {
	c := NewShared(time.Second, time.Second)
	clock := time.Now()
	c.now = func() time.Time { return clock }
	if v, _ := c.Get("home", func(context.Context) (any, error) { return "first", nil }); v != "first" {
		t.Fatalf("first read: %v", v)
	}

	clock = clock.Add(c.ttl)
	started, release := make(chan struct{}), make(chan struct{})
	renewals := 0
	slow := func(context.Context) (any, error) {
		renewals++
		close(started)
		<-release
		return "second", nil
	}
	if v, _ := c.Get("home", slow); v != "first" {
		t.Fatalf("an expired value while it is renewed: %v, want the old one at once", v)
	}
	<-started
	if v, _ := c.Get("home", slow); v != "first" || renewals != 1 {
		t.Fatalf("during the renewal: %v after %d renewals, want the old value and one renewal", v, renewals)
	}
	close(release)
	for {
		// The renewal is one goroutine's map write: once it lands, readers get the new value.
		if v, _ := c.Get("home", slow); v == "second" {
			break
		}
		runtime.Gosched()
	}

	clock = clock.Add(c.ttl + staleFor)
	if v, _ := c.Get("home", func(context.Context) (any, error) { return "third", nil }); v != "third" {
		t.Fatalf("a value far past its time: %v, want a fresh read waited on", v)
	}

	// A renewal that fails leaves the old value answered and the next reader trying again.
	clock = clock.Add(c.ttl)
	failed := make(chan struct{})
	c.Get("home", func(context.Context) (any, error) { defer close(failed); return nil, errors.New("down") })
	<-failed
	for {
		v, _ := c.Get("home", func(context.Context) (any, error) { return "fourth", nil })
		if v == "fourth" {
			break
		}
		if v != "third" {
			t.Fatalf("after a failed renewal: %v", v)
		}
		runtime.Gosched()
	}
}

// TestUnchangedKeepsShared: a success that says it changed nothing (Unchanged, through a
// wrapping writer too) keeps the shared reads; the same success without it drops them.
func TestUnchangedKeepsShared(t *testing.T) {
	for _, unchanged := range []bool{false, true} {
		c := NewShared(time.Hour, time.Second)
		c.Get("home", func(ctx context.Context) (any, error) { return 1, nil })
		h := c.ForgetOnSuccess(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if unchanged {
				Unchanged(&wrapped{w})
			}
			w.WriteHeader(http.StatusNoContent)
		}))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPut, "/api/me/following/u", nil))
		if kept := c.Has("home"); kept != unchanged {
			t.Errorf("unchanged %v: kept %v", unchanged, kept)
		}
	}
}

// wrapped is a writer middleware wraps another in.
type wrapped struct{ http.ResponseWriter }

func (w *wrapped) Unwrap() http.ResponseWriter { return w.ResponseWriter }
