package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// postFrom posts body to path from the client address from, presenting device (a device
// cookie's value, "" for none), and gives back the answer, its body closed.
func postFrom(t *testing.T, e *testEnv, path string, body any, from, device string) *http.Response {
	t.Helper()
	req := jsonRequest(t, "POST", e.URL+path, body)
	req.Header.Set("X-Forwarded-For", from)
	if device != "" {
		req.AddCookie(&http.Cookie{Name: DeviceCookie, Value: device})
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// signInFrom signs in as email from the client address from, presenting device (a device
// cookie's value, "" for none); it returns the status and the device cookie it was given.
func signInFrom(t *testing.T, e *testEnv, from, email, password, device string) (int, string) {
	t.Helper()
	res := postFrom(t, e, "/api/auth/login", map[string]any{"email": email, "password": password}, from, device)
	if res.StatusCode == http.StatusTooManyRequests && res.Header.Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After")
	}
	for _, c := range res.Cookies() {
		if c.Name == DeviceCookie {
			if !c.HttpOnly || c.Path != DeviceCookiePath || c.MaxAge <= 0 {
				t.Errorf("device cookie %+v: want HttpOnly, path %s, kept", c, DeviceCookiePath)
			}
			return res.StatusCode, c.Value
		}
	}
	return res.StatusCode, ""
}

// guesses sends n wrong passwords for email from the address from and returns the statuses.
func guesses(t *testing.T, e *testEnv, from, email, device string, n int) map[int]int {
	t.Helper()
	codes := map[int]int{}
	for range n {
		st, _ := signInFrom(t, e, from, email, "a-wrong-guess", device)
		codes[st]++
	}
	return codes
}

func newProxiedEnv(t *testing.T, st *store.Store) *testEnv {
	return newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
}

// Guesses the per-client limit refused were never weighed, so they do not fill the
// address's hourly limit (50): a stranger's 60 guesses from one client count 10, four more
// clients' 40 are all weighed, and only then is the address locked for a client without a
// device cookie, the right password included.
func TestAddressLockCountsOnlyWeighedGuesses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newProxiedEnv(t, st)
		withPassword(t, st, "owner@example.com", "the-right-password")
		if got := guesses(t, e, "203.0.113.1", "owner@example.com", "", 60); got[401] != 10 || got[429] != 50 {
			t.Fatalf("60 guesses from one client: %v, want 10 weighed and 50 refused", got)
		}
		for _, from := range []string{"203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"} {
			if got := guesses(t, e, from, "owner@example.com", "", 10); got[401] != 10 {
				t.Fatalf("10 guesses from %s after the refused ones: %v, want all weighed", from, got)
			}
		}
		if got, _ := signInFrom(t, e, "198.51.100.7", "owner@example.com", "the-right-password", ""); got != http.StatusTooManyRequests {
			t.Fatalf("a new client without a device cookie after 50 weighed guesses: %d, want 429", got)
		}
	})
}

// A stranger who fills the address's limit does not lock out the owner's device: a client
// that signed in to the account before presents its device cookie and is counted on its
// own. A forged cookie or another account's gives no pass, and a stolen cookie's own
// guesses are limited.
func TestDeviceCookieGetsTheOwnerThroughTheAddressLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newProxiedEnv(t, st)
		withPassword(t, st, "owner@example.com", "the-right-password")
		withPassword(t, st, "other@example.com", "the-other-password")
		const owner = "192.0.2.1"
		status, device := signInFrom(t, e, owner, "owner@example.com", "the-right-password", "")
		if status != 200 || device == "" {
			t.Fatalf("owner's first sign-in: %d, device cookie %q", status, device)
		}
		_, otherDevice := signInFrom(t, e, "192.0.2.2", "other@example.com", "the-other-password", "")

		for i := range 6 {
			guesses(t, e, fmt.Sprintf("203.0.113.%d", i+1), "owner@example.com", "", 10)
		}
		if got, _ := signInFrom(t, e, "198.51.100.7", "owner@example.com", "the-right-password", ""); got != http.StatusTooManyRequests {
			t.Fatalf("no device cookie after 60 guesses: %d, want 429", got)
		}
		// The owner's id and nonce under a signature the server did not make.
		parts := strings.Split(device, ".")
		forged := parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[len(parts)-1]))
		for name, cookie := range map[string]string{"forged": forged, "another account's": otherDevice, "garbage": "x.y.z"} {
			if got, _ := signInFrom(t, e, owner, "owner@example.com", "the-right-password", cookie); got != http.StatusTooManyRequests {
				t.Errorf("%s device cookie: %d, want 429", name, got)
			}
		}
		status, fresh := signInFrom(t, e, owner, "owner@example.com", "the-right-password", device)
		if status != 200 || fresh == "" || fresh == device {
			t.Fatalf("the owner with their device cookie: %d (new cookie %q), want 200 and a new cookie", status, fresh)
		}

		// A stolen cookie gets the device's own 10 guesses, then nothing, not even the right password.
		if got := guesses(t, e, "203.0.113.99", "owner@example.com", device, 12); got[401] != 10 || got[429] != 2 {
			t.Fatalf("12 guesses with a stolen device cookie: %v, want 10 weighed and 2 refused", got)
		}
		if got, _ := signInFrom(t, e, "203.0.113.99", "owner@example.com", "the-right-password", device); got != http.StatusTooManyRequests {
			t.Fatalf("the locked device cookie with the right password: %d, want 429", got)
		}
		if got, _ := signInFrom(t, e, owner, "owner@example.com", "the-right-password", fresh); got != 200 {
			t.Fatalf("the owner's new device cookie after the stolen one was locked: %d, want 200", got)
		}
	})
}
