package architecture

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// What the catalogue rule does not read, each with why. Besides these: test files (they
// state what they expect), generated files (they come from the contract), and what is not
// Go (internal/mail/templates/*.tmpl: a mail is a document, worded in its template).
var (
	// Folders under internal/ whose text no user of the site reads.
	messageExemptDirs = map[string]string{
		"cli":            "the operator's terminal text (as is cmd/, outside internal/)",
		"demo":           "demo data: the words of made-up lists and comments",
		"contractgen":    "code generation: its errors are for the developer",
		"problem/gen":    "a code generator: its errors are for the developer",
		"shareimage/gen": "a code generator: its errors are for the developer",
	}
	// Files whose text no user of the site reads.
	messageExemptFiles = map[string]string{
		"server/metrics_ops.go": "the Help texts of the operations' Prometheus collectors, for the operator",
	}
	// Calls whose string arguments never reach a user ("pkg.*" is any function of pkg).
	messageExemptCalls = map[string]string{
		"slog.*":     "a log line is for the operator",
		"log.*":      "a log line is for the operator",
		"fmt.Errorf": "an error that is no problem.Error is answered with the generic message",
		"errors.New": "an error that is no problem.Error is answered with the generic message",
	}
	// Methods of a *slog.Logger: a log line is for the operator.
	logMethods = []string{"Debug", "Info", "Warn", "Error", "DebugContext", "InfoContext", "WarnContext", "ErrorContext", "Log", "LogAttrs"}
	// Composite literal fields whose text no user reads.
	messageExemptFields = map[string]string{
		"Help": "a Prometheus metric's Help is for the operator",
	}
	// sqlStart begins a literal that is SQL: it is for the database.
	sqlStart = regexp.MustCompile(`^(SELECT|INSERT|UPDATE|DELETE|WITH|CASE|WHEN|CREATE|ALTER|DROP)\b`)
)

// messageParams names the parameters that carry the words a user reads (problem.New's
// message, the server's fallback...): a call must pass them a catalogue sentence.
var messageParams = []string{"message", "msg", "fallback"}

// looksLikeSentence is a literal a user would read: an upper-case start, three words or
// more and a full stop, question or exclamation mark, or ellipsis at the end.
func looksLikeSentence(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || len(strings.Fields(s)) < 3 || sqlStart.MatchString(s) {
		return false
	}
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "…")
}

// Every sentence the server says comes from the one catalogue, the x-messages map of
// api/openapi.yaml (problem.MsgX, with {name} placeholders filled by problem.Format), which
// the web app reads too: so no sentence is worded twice, and the spec's words are kept in
// one place. A stray literal fails here (a) when it reads as a sentence, or (b) when it is
// a message, sentence or not: the message of a problem.Error or a limits.Limit, or what a
// call passes a parameter named in messageParams. Tests and generated files are not read.
func TestUserFacingSentencesComeFromTheCatalogue(t *testing.T) {
	root := filepath.Join("..", "..", "internal")
	fset := token.NewFileSet()
	files := map[string]*ast.File{} // path under internal/ -> its syntax
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if _, ok := messageExemptDirs[rel]; ok && d.IsDir() {
			return filepath.SkipDir
		}
		if _, ok := messageExemptFiles[rel]; ok || d.IsDir() || !strings.HasSuffix(rel, ".go") ||
			strings.HasSuffix(rel, "_test.go") || strings.HasSuffix(rel, ".gen.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		files[rel] = f
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	params := messageParamsOf(files)
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		for _, s := range strayMessages(files[rel], params) {
			t.Errorf("internal/%s:%d: %s: say it with a catalogue sentence (x-messages in api/openapi.yaml, make generate, problem.Msg…)",
				rel, fset.Position(s.pos).Line, s.what)
		}
	}
	for _, exempt := range []map[string]string{messageExemptDirs, messageExemptFiles} {
		for rel := range exempt {
			if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
				t.Errorf("internal/%s is exempt from the catalogue rule but is gone: drop its exemption", rel)
			}
		}
	}
}

// The rule finds what it names, and lets the exemptions be.
func TestStrayMessagesAreFound(t *testing.T) {
	const src = `package lists

import (
	"fmt"
	"log/slog"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

func check(n int) error {
	slog.Info("Saved the list for later.")
	_ = fmt.Errorf("Could not read the row: %w", err)
	_ = prometheus.GaugeOpts{Help: "Lists saved since the start."}
	_ = "SELECT id FROM lists WHERE a = b."
	_ = problem.New(problem.Invalid, "validation", problem.MsgListEmpty)
	_ = problem.InvalidField("name", problem.Format(problem.MsgListNameTooLong, nil))
	_ = "Your list is saved."
	_ = problem.InvalidField("name", fmt.Sprintf("At most %d", n))
	_ = limits.Limit{Name: "x", Message: "Slow down"}
	_ = &problem.Error{Message: "Not " + "found"}
	return warn("Too many")
}

func warn(msg string) error { return nil }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "check.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	problemGo, err := parser.ParseFile(fset, filepath.Join("..", "..", "internal", "problem", "problem.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, s := range strayMessages(f, messageParamsOf(map[string]*ast.File{"lists/check.go": f, "problem/problem.go": problemGo})) {
		lines = append(lines, fset.Position(s.pos).Line)
	}
	if want := []int{18, 19, 20, 21, 22}; !slices.Equal(lines, want) {
		t.Errorf("strays on lines %v, want %v", lines, want)
	}
}

// messageParamsOf is, for each function and method (package.Name; a method has the same
// key as a function), the index of its parameter that carries a user's message.
func messageParamsOf(files map[string]*ast.File) map[string]int {
	out := map[string]int{}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			i := 0
			for _, field := range fn.Type.Params.List {
				for _, n := range field.Names {
					if slices.Contains(messageParams, n.Name) {
						out[f.Name.Name+"."+fn.Name.Name] = i
					}
					i++
				}
			}
		}
	}
	return out
}

type stray struct {
	pos  token.Pos
	what string
}

// strayMessages finds f's sentences and messages that are not the catalogue's.
func strayMessages(f *ast.File, params map[string]int) []stray {
	var out []stray
	pkg := f.Name.Name
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		imported[path[strings.LastIndex(path, "/")+1:]] = true
	}
	// callee is the package.Name a call's function is known by: a function of an imported
	// package, or a function or method of this one.
	var callee func(e ast.Expr) string
	callee = func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.IndexExpr: // a generic function
			return callee(e.X)
		case *ast.IndexListExpr:
			return callee(e.X)
		case *ast.Ident:
			return pkg + "." + e.Name
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok && imported[x.Name] {
				return x.Name + "." + e.Sel.Name
			}
			return pkg + "." + e.Sel.Name
		}
		return ""
	}
	skip := map[token.Pos]bool{} // literals reported already, or exempt
	// inPlace is a message written where it is said: a literal, a Sprintf, or a sum with one.
	var inPlace func(e ast.Expr) bool
	inPlace = func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.BasicLit:
			return e.Kind == token.STRING
		case *ast.CallExpr:
			return callee(e.Fun) == "fmt.Sprintf"
		case *ast.BinaryExpr:
			return inPlace(e.X) || inPlace(e.Y)
		case *ast.ParenExpr:
			return inPlace(e.X)
		}
		return false
	}
	message := func(e ast.Expr, of string) {
		if inPlace(e) {
			out = append(out, stray{e.Pos(), "the message of " + of + " is written in place"})
			ast.Inspect(e, func(n ast.Node) bool {
				if n != nil {
					skip[n.Pos()] = true
				}
				return true
			})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := callee(n.Fun)
			pkgName, fn, _ := strings.Cut(name, ".")
			_, anyOfPkg := messageExemptCalls[pkgName+".*"]
			_, this := messageExemptCalls[name]
			_, isMethod := n.Fun.(*ast.SelectorExpr)
			if anyOfPkg && imported[pkgName] || this || isMethod && !imported[pkgName] && slices.Contains(logMethods, fn) {
				return false
			}
			if i, ok := params[name]; ok && i < len(n.Args) {
				message(n.Args[i], name)
			}
		case *ast.CompositeLit:
			of := callee(n.Type)
			for _, el := range n.Elts {
				kv, _ := el.(*ast.KeyValueExpr)
				if kv == nil {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				if _, ok := messageExemptFields[key.Name]; ok {
					skip[kv.Value.Pos()] = true
				}
				if key.Name == "Message" && (of == "problem.Error" || of == "limits.Limit") {
					message(kv.Value, "a "+of)
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || skip[n.Pos()] {
				return true
			}
			if s, err := strconv.Unquote(n.Value); err == nil && looksLikeSentence(s) {
				out = append(out, stray{n.Pos(), "the sentence " + strconv.Quote(s) + " is written in place"})
			}
		}
		return true
	})
	return out
}
