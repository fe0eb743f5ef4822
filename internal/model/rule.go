package model

import "strings"

// Rule is a yes-or-no rule written once as data over named facts (of a row, and of the
// viewer asking), so that Go evaluates it (Holds) and the store runs the same rule as SQL
// generated from it (visibility_sql.gen.go). Every fact is two-valued in both forms: the
// SQL of a fact never yields NULL, so NOT and OR mean the same thing in both.
type Rule struct {
	op   ruleOp
	args []Rule
	name string // ruleIs: a yes-or-no fact; ruleSame: a text fact
	with string // ruleSame: the text fact compared with name
}

type ruleOp int

const (
	ruleAny  ruleOp = iota // any of args holds
	ruleAll                // every one of args holds
	ruleNot                // args[0] does not hold
	ruleIs                 // the yes-or-no fact name holds
	ruleSame               // the text facts name and with are equal and not empty
)

// Any holds when one of rs does; All when every one does; Not when r does not.
func Any(rs ...Rule) Rule { return Rule{op: ruleAny, args: rs} }
func All(rs ...Rule) Rule { return Rule{op: ruleAll, args: rs} }
func Not(r Rule) Rule     { return Rule{op: ruleNot, args: []Rule{r}} }

// Is holds when the yes-or-no fact name does.
func Is(name string) Rule { return Rule{op: ruleIs, name: name} }

// Same holds when the text facts a and b are equal and not empty ("" is nobody).
func Same(a, b string) Rule { return Rule{op: ruleSame, name: a, with: b} }

// Facts answers a rule's names for one row and one viewer.
type Facts interface {
	Bool(name string) bool
	Text(name string) string
}

// Holds evaluates r on f.
func (r Rule) Holds(f Facts) bool {
	switch r.op {
	case ruleAny:
		for _, a := range r.args {
			if a.Holds(f) {
				return true
			}
		}
		return false
	case ruleAll:
		for _, a := range r.args {
			if !a.Holds(f) {
				return false
			}
		}
		return true
	case ruleNot:
		return !r.args[0].Holds(f)
	case ruleIs:
		return f.Bool(r.name)
	default:
		a := f.Text(r.name)
		return a != "" && a == f.Text(r.with)
	}
}

// sql writes r as an SQL condition, each fact written as sqlOf says.
func (r Rule) sql(sqlOf func(name string) string) string {
	join := func(sep string) string {
		parts := make([]string, len(r.args))
		for i, a := range r.args {
			parts[i] = a.sql(sqlOf)
		}
		return "(" + strings.Join(parts, sep) + ")"
	}
	switch r.op {
	case ruleAny:
		return join(" OR ")
	case ruleAll:
		return join(" AND ")
	case ruleNot:
		if a := r.args[0]; a.op == ruleAny || a.op == ruleAll {
			return "NOT " + a.sql(sqlOf)
		}
		return "NOT (" + r.args[0].sql(sqlOf) + ")"
	case ruleIs:
		return sqlOf(r.name)
	default:
		a, b := sqlOf(r.name), sqlOf(r.with)
		return "(" + a + " <> '' AND " + a + " = " + b + ")"
	}
}
