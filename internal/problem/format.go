package problem

import (
	"strconv"
	"strings"
)

// Format fills the {name} placeholders of a contract message (messages.gen.go) with values,
// as the web app's format does.
func Format(message string, values map[string]string) string {
	pairs := make([]string, 0, 2*len(values))
	for name, v := range values {
		pairs = append(pairs, "{"+name+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(message)
}

// Number writes n as the contract's sentences write numbers, its digits in threes: "2,000".
func Number(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// Quoted is s as Go's %q writes it between its quotes, for a message that quotes what a
// client sent (`Unknown tag "{tag}".`): an odd character shows escaped, not as itself.
func Quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
