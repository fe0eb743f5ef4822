// Command gen writes internal/problem/messages.gen.go from the x-messages map of
// api/openapi.yaml: one constant a message, so the server sends the very sentences the web
// app shows (web/scripts/generate-contract.mjs writes its side). Run by `make generate`.
//
//	go run ./internal/problem/gen [-o internal/problem/messages.gen.go]
package main

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"castaway/internal/contractgen"
)

func main() { contractgen.Main("internal/problem/messages.gen.go", Render) }

var (
	key         = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	placeholder = regexp.MustCompile(`\{[^}]*\}`)
	name        = regexp.MustCompile(`^\{[a-z][A-Za-z0-9]*\}$`)
)

// Render is the Go source of the contract's messages (the YAML of openapi.yaml).
func Render(yaml []byte) ([]byte, error) {
	messages, err := Messages(yaml)
	if err != nil {
		return nil, err
	}
	return contractgen.Source("x-messages", "internal/problem/gen", "problem", func(b *bytes.Buffer) {
		b.WriteString("// The sentences both the server and the web app say, as the contract words them.\n")
		b.WriteString("const (\n")
		for _, k := range slices.Sorted(maps.Keys(messages)) {
			fmt.Fprintf(b, "\tMsg%s = %q\n", strings.ToUpper(k[:1])+k[1:], messages[k])
		}
		b.WriteString(")\n")
	})
}

// Messages reads the x-messages map of the contract, refusing a key that is not camelCase
// or a placeholder that is not {camelCase}.
func Messages(yaml []byte) (map[string]string, error) {
	doc, err := contractgen.Load(yaml)
	if err != nil {
		return nil, err
	}
	raw, ok := doc.Extensions["x-messages"].(map[string]any)
	if !ok || len(raw) == 0 {
		return nil, fmt.Errorf("the contract has no x-messages map")
	}
	messages := make(map[string]string, len(raw))
	said := map[string]string{} // sentence -> its key: one key a sentence
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		v := raw[k]
		s, ok := v.(string)
		if !ok || s == "" {
			return nil, fmt.Errorf("x-messages.%s: want a sentence, have %v", k, v)
		}
		if !key.MatchString(k) {
			return nil, fmt.Errorf("x-messages.%s: a key is camelCase", k)
		}
		for _, p := range placeholder.FindAllString(s, -1) {
			if !name.MatchString(p) {
				return nil, fmt.Errorf("x-messages.%s: placeholder %s is not {camelCase}", k, p)
			}
		}
		if other, ok := said[s]; ok {
			return nil, fmt.Errorf("x-messages.%s says what x-messages.%s says: keep one key", k, other)
		}
		said[s] = k
		messages[k] = s
	}
	return messages, nil
}
