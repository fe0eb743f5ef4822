package problem

import "strings"

// Format fills the {name} placeholders of a contract message (messages.gen.go) with values,
// as the web app's format does.
func Format(message string, values map[string]string) string {
	pairs := make([]string, 0, 2*len(values))
	for name, v := range values {
		pairs = append(pairs, "{"+name+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(message)
}
