package app

import (
	"flag"
	"strings"
)

// SplitArgs separates the flags fs defines (a subcommand's own) from the rest, which
// go to config.
func SplitArgs(fs *flag.FlagSet, args []string) (own, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || name == "" {
			rest = append(rest, a)
			continue
		}
		name, _, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		if f == nil && name != "h" && name != "help" {
			rest = append(rest, a)
			if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				rest = append(rest, args[i])
			}
			continue
		}
		own = append(own, a)
		if f == nil || hasValue {
			continue
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !(ok && bf.IsBoolFlag()) && i+1 < len(args) {
			i++
			own = append(own, args[i])
		}
	}
	return own, rest
}
