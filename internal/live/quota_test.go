package live

import "testing"

// A stream that ends gives its place back, once however often it is released.
func TestStreamQuotaGivesPlacesBack(t *testing.T) {
	q := newQuota(Limits{PerAccount: 1, PerClient: 5, PerProcess: 5})
	release, err := q.acquire("u1", "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.acquire("u1", "192.0.2.1"); err != errTooManyStreams {
		t.Fatalf("a second stream of u1: %v", err)
	}
	release()
	release()
	if _, err := q.acquire("u1", "192.0.2.1"); err != nil {
		t.Fatalf("after release: %v", err)
	}
	if q.total != 1 || q.clients["192.0.2.1"] != 1 {
		t.Fatalf("counts after a double release: total %d, client %d", q.total, q.clients["192.0.2.1"])
	}
}
