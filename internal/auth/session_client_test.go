package auth

import (
	"strings"
	"testing"
)

// Only the network is kept of an address: an IPv4 /24 or an IPv6 /48.
func TestAddressPrefix(t *testing.T) {
	for ip, want := range map[string]string{
		"203.0.113.77":            "203.0.113.0/24",
		"::ffff:198.51.100.9":     "198.51.100.0/24",
		"2001:db8:1:2:3:4:5:6":    "2001:db8:1::/48",
		"fe80::1%eth0":            "fe80::/48",
		"::1":                     "::/48",
		"2001:db8:1:2::/64":       "2001:db8:1::/48", // how a client key names an IPv6 client
		"":                        "",
		"not-an-address":          "",
		"203.0.113.77:8080":       "",
		"203.0.113.77, 10.0.0.1":  "",
		strings.Repeat("1", 5000): "",
	} {
		if got := AddressPrefix(ip); got != want {
			t.Errorf("AddressPrefix(%q) = %q, want %q", ip[:min(len(ip), 30)], got, want)
		}
	}
}

func TestDescribeUserAgent(t *testing.T) {
	for ua, want := range map[string]Device{
		"Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36":                {"Chrome", "Android", "phone"},
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0":                                               {"Firefox", "Windows", "computer"},
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1": {"Safari", "iOS", "tablet"},
		"": {},
	} {
		if got := DescribeUserAgent(ua); got != want {
			t.Errorf("DescribeUserAgent(%q) = %+v, want %+v", ua, got, want)
		}
	}
}

// A User-Agent is kept valid UTF-8, without control characters, and at most MaxUserAgent bytes.
func TestCleanUserAgent(t *testing.T) {
	for in, want := range map[string]string{
		"Firefox/128.0":                "Firefox/128.0",
		"Fire\xff\xfefox\tx":           "Fire?fox x",
		"  padded  ":                   "padded",
		strings.Repeat("é", 300):       strings.Repeat("é", 256),
		strings.Repeat("a", 511) + "é": strings.Repeat("a", 511),
	} {
		if got := cleanUserAgent(in); got != want {
			t.Errorf("cleanUserAgent(%.20q) = %.20q (%d bytes), want %.20q", in, got, len(got), want)
		}
	}
}
