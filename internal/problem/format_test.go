package problem

import (
	"fmt"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		message string
		values  map[string]string
		want    string
	}{
		{MsgAccountSuspendedUntil, map[string]string{"date": "3 December 2026"}, "Your account is suspended until 3 December 2026."},
		{"{a} and {b}, {a}", map[string]string{"a": "x", "b": "{a}"}, "x and {a}, x"},
		{"{missing} stays", nil, "{missing} stays"},
		{MsgAccountSuspended, nil, "Your account is suspended."},
	} {
		if got := Format(c.message, c.values); got != c.want {
			t.Errorf("Format(%q, %v) = %q, want %q", c.message, c.values, got, c.want)
		}
	}
}

func TestNumber(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 2000: "2,000", 65536: "65,536", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
}

// A message that quotes a value reads as fmt's %q did.
func TestQuoted(t *testing.T) {
	for _, v := range []string{"s48", `say "hi"`, "tab\there", "bell\a", "é"} {
		got := Format(MsgTagUnknown, map[string]string{"tag": Quoted(v)})
		if want := fmt.Sprintf("Unknown tag %q.", v); got != want {
			t.Errorf("%q: %q, want %q", v, got, want)
		}
	}
}
