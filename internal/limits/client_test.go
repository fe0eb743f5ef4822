package limits

import (
	"net/netip"
	"testing"
)

func TestClientKey(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}
	for _, c := range []struct {
		peer      string
		forwarded []string
		want      string
	}{
		{"203.0.113.9:5000", nil, "203.0.113.9"},
		{"[2001:db8:1:2:3:4:5:6]:5000", nil, "2001:db8:1:2::/64"},
		{"[::ffff:203.0.113.9]:5000", nil, "203.0.113.9"},
		{"[fe80::1%eth0]:5000", nil, "fe80::/64"},
		// An untrusted peer's header is never read.
		{"203.0.113.9:5000", []string{"1.2.3.4"}, "203.0.113.9"},
		// Right to left, skipping trusted hops; the leftmost (client-written) never wins.
		{"127.0.0.1:5000", []string{"1.2.3.4, 5.6.7.8"}, "5.6.7.8"},
		{"127.0.0.1:5000", []string{"1.2.3.4, 5.6.7.8, 10.9.8.7"}, "5.6.7.8"},
		{"127.0.0.1:5000", []string{"1.2.3.4", "5.6.7.8"}, "5.6.7.8"}, // the header on two lines
		{"127.0.0.1:5000", []string{"2001:db8:9:9::1, 2001:db8:1:2::7"}, "2001:db8:1:2::/64"},
		{"127.0.0.1:5000", []string{"[2001:db8:1:2::7]:443"}, "2001:db8:1:2::/64"},
		{"127.0.0.1:5000", []string{"5.6.7.8:443"}, "5.6.7.8"},
		// Every hop trusted: the farthest one is all that is known.
		{"127.0.0.1:5000", []string{"10.1.1.1, 10.2.2.2"}, "10.1.1.1"},
		// No header, or an entry that is no address: the trusted hop that passed it on.
		{"127.0.0.1:5000", nil, "127.0.0.1"},
		{"127.0.0.1:5000", []string{"1.2.3.4, junk, 10.2.2.2"}, "10.2.2.2"},
		{"127.0.0.1:5000", []string{"junk"}, "127.0.0.1"},
		{"127.0.0.1:5000", []string{""}, "127.0.0.1"},
		// Nothing trusted: the peer.
		{"pipe", []string{"1.2.3.4"}, "pipe"},
	} {
		if got := ClientKey(c.peer, c.forwarded, trusted); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %q, want %q", c.peer, c.forwarded, got, c.want)
		}
	}
	if got := ClientKey("127.0.0.1:5000", []string{"5.6.7.8"}, nil); got != "127.0.0.1" {
		t.Errorf("no trusted proxies: %q, want the peer", got)
	}
}
