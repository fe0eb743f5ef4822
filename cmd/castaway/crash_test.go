package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// TestCrashLosesNoAcknowledgedWrite puts a write load on the real server, kills it with
// SIGKILL in the middle, and finds every comment the server had answered 201 for, on
// SQLite and on PostgreSQL.
func TestCrashLosesNoAcknowledgedWrite(t *testing.T) {
	engines := map[string]string{"sqlite": filepath.Join(t.TempDir(), "castaway.db")}
	if os.Getenv("CASTAWAY_TEST_POSTGRES_URL") != "" {
		engines["postgres"] = storetest.PostgresURL(t)
	}
	for name, dbURL := range engines {
		t.Run(name, func(t *testing.T) { crashUnderLoad(t, dbURL) })
	}
}

func crashUnderLoad(t *testing.T, dbURL string) {
	base, cmd := startServe(t, dbURL)
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
		}
		cmd.Wait()
	}()

	// Twenty fans, each from an address of their own, and one list to comment on.
	post := func(c *http.Client, from, path string, body any) (*http.Response, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from)
		return c.Do(req)
	}
	fans := make([]*http.Client, 20)
	for i := range fans {
		jar, _ := cookiejar.New(nil)
		fans[i] = &http.Client{Jar: jar, Timeout: 10 * time.Second}
		res, err := post(fans[i], fmt.Sprintf("198.51.100.%d", i), "/api/auth/signup",
			map[string]any{"email": fmt.Sprintf("fan%d@example.com", i), "password": "Tribal-Council-2025!"})
		if err != nil || res.StatusCode != 201 {
			t.Fatalf("sign up %d: %v %v", i, res, err)
		}
		res.Body.Close()
	}
	res, err := post(fans[0], "198.51.100.0", "/api/lists", map[string]any{"name": "Crash test", "contestants": []map[string]any{{"id": "s45", "isSeason": true}}})
	if err != nil || res.StatusCode != 201 {
		t.Fatalf("create list: %v %v", res, err)
	}
	var list struct{ ID, UserID string }
	json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()

	// Every fan comments as fast as the server answers; the server dies half way.
	var mu sync.Mutex
	var acked []string
	var wg sync.WaitGroup
	halfway := make(chan struct{})
	var once sync.Once
	for i, c := range fans {
		wg.Go(func() {
			for n := 0; n < 10; n++ {
				res, err := post(c, fmt.Sprintf("198.51.100.%d", i), "/api/lists/"+list.UserID+"/"+list.ID+"/comments",
					map[string]any{"text": fmt.Sprintf("fan %d, comment %d", i, n)})
				if err != nil {
					return // the server is gone
				}
				var made struct{ ID string }
				json.NewDecoder(res.Body).Decode(&made)
				res.Body.Close()
				if res.StatusCode == 201 && made.ID != "" {
					mu.Lock()
					acked = append(acked, made.ID)
					if len(acked) == 60 {
						once.Do(func() { close(halfway) })
					}
					mu.Unlock()
				}
			}
		})
	}
	<-halfway
	cmd.Process.Signal(syscall.SIGKILL)
	killed = true
	wg.Wait()
	cmd.Wait()

	st, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, id := range acked {
		var n int
		if err := st.DB().QueryRow(`SELECT count(*) FROM comments WHERE id = $1`, id).Scan(&n); err != nil || n != 1 {
			t.Errorf("acknowledged comment %s lost after the crash (%v)", id, err)
		}
	}
	t.Logf("%d comments acknowledged before SIGKILL, all found", len(acked))
}
