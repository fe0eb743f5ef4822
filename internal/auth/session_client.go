package auth

import (
	"net/netip"
	"strings"
	"unicode"

	"github.com/mileusna/useragent"
)

// MaxUserAgent bounds the User-Agent a session keeps, in bytes: enough for any real
// browser's, and no more to store whatever a client sends.
const MaxUserAgent = 512

// Client is where a request comes from: its User-Agent header and its address.
type Client struct {
	UserAgent string
	IP        string
}

// cleanUserAgent makes a header storable on both engines and bounded: a header may hold any
// byte from 0x80 up (not valid UTF-8, which PostgreSQL refuses) and tabs.
func cleanUserAgent(ua string) string {
	ua = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(ua, "?"))
	ua = strings.TrimSpace(ua)
	if len(ua) > MaxUserAgent {
		ua = strings.ToValidUTF8(ua[:MaxUserAgent], "") // drops a character cut in two
	}
	return ua
}

// AddressPrefix is the network an address belongs to, as much of it as a fan needs to
// recognise a place: an IPv4 /24 or an IPv6 /48 ("203.0.113.0/24", "2001:db8:1::/48"); ""
// for anything that is not an address. The full address is personal data kept nowhere.
func AddressPrefix(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if p, perr := netip.ParsePrefix(ip); err != nil && perr == nil {
		addr, err = p.Addr(), nil // a client key: an IPv6 client is its /64
	}
	if err != nil {
		return ""
	}
	addr = addr.Unmap().WithZone("")
	bits := 48
	if addr.Is4() {
		bits = 24
	}
	p, err := addr.Prefix(bits)
	if err != nil {
		return ""
	}
	return p.String()
}

// Device says what a User-Agent is, in words a fan recognises: the browser's name ("Chrome"),
// its system ("Android") and the kind of device ("phone", "tablet", "computer"); each ""
// when the header does not say.
type Device struct {
	Browser, OS, Kind string
}

// DescribeUserAgent reads a User-Agent with a maintained parser.
func DescribeUserAgent(ua string) Device {
	if ua == "" {
		return Device{}
	}
	p := useragent.Parse(ua)
	d := Device{Browser: p.Name, OS: p.OS}
	switch {
	case p.Tablet:
		d.Kind = "tablet"
	case p.Mobile:
		d.Kind = "phone"
	case p.Desktop:
		d.Kind = "computer"
	}
	return d
}
