package limits

import (
	"net"
	"net/netip"
	"strings"
)

// ClientKey is who a request is limited as: the address it came from, an IPv6 address
// reduced to its /64 (one subscriber's usual assignment, so its 2^64 addresses are one
// client) and an IPv4-mapped one to its IPv4 address.
//
// The address is the connection's peer (remoteAddr, host:port), unless the peer is one of
// the trusted proxies: then it is read from X-Forwarded-For (forwarded, the header's lines
// in order) right to left, skipping the addresses of trusted proxies. Each proxy appends
// the address it was reached from, so the first entry from the right that is no trusted
// proxy is the client as the nearest trusted proxy saw it; everything left of it was
// written by that client and is never read. An entry that is no address was not written by
// a trusted proxy either, and the trusted hop that passed it on stands as the client.
func ClientKey(remoteAddr string, forwarded []string, trusted []netip.Prefix) string {
	peer, ok := parseHop(remoteAddr)
	if !ok {
		return remoteAddr // not an IP connection (a test's pipe): one client
	}
	client := peer
	if isTrusted(peer, trusted) {
		hops := strings.Split(strings.Join(forwarded, ","), ",")
		for i := len(hops) - 1; i >= 0 && isTrusted(client, trusted); i-- {
			hop, ok := parseHop(hops[i])
			if !ok {
				break
			}
			client = hop
		}
	}
	if client.Is6() {
		p, _ := client.Prefix(64)
		return p.String()
	}
	return client.String()
}

// parseHop reads one address: bare, or with a port (host:port, [v6]:port), spaces around.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
