package main

import (
	"os"
	"strings"
	"testing"

	contract "castaway/api"
)

// The committed constants are the contract's messages, word for word (make check-generated
// says the same before a build; this says it in go test).
func TestMessagesGenIsCurrent(t *testing.T) {
	want, err := Render(contract.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("../messages.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != string(want) {
		t.Fatal("internal/problem/messages.gen.go is out of date with api/openapi.yaml: run 'make generate'")
	}
}

func TestMessagesRefuseBadEntries(t *testing.T) {
	for _, c := range []struct{ entry, want string }{
		{`"Bad-Key": "A sentence."`, "camelCase"},
		{`ok: "Until { date }."`, "placeholder"},
		{`ok: ""`, "want a sentence"},
		{`ok: 3`, "want a sentence"},
		{"one: \"Same.\"\n  two: \"Same.\"", "keep one key"},
	} {
		yaml := "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\nx-messages:\n  " + c.entry + "\n"
		if _, err := Messages([]byte(yaml)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.entry, err, c.want)
		}
	}
	yaml := "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\nx-messages:\n  untilDate: \"Until {date}.\"\n"
	if m, err := Messages([]byte(yaml)); err != nil || m["untilDate"] != "Until {date}." {
		t.Errorf("Messages = %v, %v", m, err)
	}
}
