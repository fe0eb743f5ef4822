package live

import (
	"context"
	"fmt"
	"testing"
)

// A copy is read once and shared until the hub drops it; a read that a change
// overtook is sent but not kept, so nothing is ever answered older than the last change.
func TestCopiesNeverOutliveAChange(t *testing.T) {
	c := newCopies(&Streams{gate: make(chan struct{}, 1)}, func(b []byte) []byte { return b }, 10, 1<<20)
	version, reads := 0, 0
	var during func()
	read := func(context.Context) ([]byte, error) {
		reads++
		v := version
		if during != nil {
			during()
			during = nil
		}
		return fmt.Appendf(nil, "v%d", v), nil
	}
	get := func() string {
		t.Helper()
		ev, err := c.eventFor(context.Background(), "u1", read)
		if err != nil {
			t.Fatal(err)
		}
		return string(ev)
	}
	if get() != "v0" || get() != "v0" || reads != 1 {
		t.Fatalf("two asks before any change: %d reads", reads)
	}
	// A change the hub heard of drops the copy.
	version++
	c.forget("u1")
	if got := get(); got != "v1" || reads != 2 {
		t.Fatalf("after a change: %q, %d reads", got, reads)
	}
	// A change during a read: that read is answered but not kept.
	version++
	c.forget("u1")
	during = func() { version++; c.forget("u1") }
	if got := get(); got != "v2" {
		t.Fatalf("the overtaken read: %q", got)
	}
	if got := get(); got != "v3" || reads != 4 {
		t.Fatalf("after the overtaken read: %q, %d reads", got, reads)
	}
	// Every copy dropped at once, during a read too.
	during = func() { version++; c.forget("") }
	version++
	c.forget("")
	get()
	if got := get(); got != "v5" {
		t.Fatalf("after every copy was dropped during a read: %q", got)
	}
	// Past its bounds a copy is not kept: each ask reads.
	small := newCopies(&Streams{gate: make(chan struct{}, 1)}, func(b []byte) []byte { return b }, 1, 1)
	before := reads
	for range 2 {
		small.eventFor(context.Background(), "u1", read)
	}
	if reads-before != 2 {
		t.Fatalf("an event past the bytes bound was kept: %d reads for two asks", reads-before)
	}
	if entries, bytes := small.held(); entries != 1 || bytes != 0 {
		t.Fatalf("held %d copies, %d bytes", entries, bytes)
	}
}
