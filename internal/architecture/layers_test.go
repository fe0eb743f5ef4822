// Package architecture holds the tests that keep the layers of docs/architecture.md:
// handlers over domain services over the store over model.
package architecture

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// imports lists the project packages each non-test Go file of dir imports.
func imports(t *testing.T, dir string) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	out := map[string][]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "castaway/") {
				out[filepath.Base(f)] = append(out[filepath.Base(f)], path)
			}
		}
	}
	return out
}

// The server turns HTTP into calls on the domain's services, which internal/app builds
// (services.New): it never names the store. What it asks of the database itself (readyz,
// the pools' metrics) comes through server.Database.
func TestServerDoesNotImportTheStore(t *testing.T) {
	for file, paths := range imports(t, "internal/server") {
		if slices.Contains(paths, "castaway/internal/store") {
			t.Errorf("internal/server/%s imports internal/store: call a domain service instead", file)
		}
	}
}

// The packages that serve use cases: the server's handlers and the domains' services.
var useCasePackages = []string{"internal/server", "internal/auth", "internal/lists", "internal/comments",
	"internal/moderation", "internal/global", "internal/consensus", "internal/legacy", "internal/follows",
	"internal/notify", "internal/mail", "internal/limits"}

// A use case's service is given the store when it is built, once: no handler and no
// domain function or method is handed it on a call, so none can reach past the service
// that owns a rule (a visibility check, a limit) to the rows beneath it.
func TestOnlyConstructorsTakeTheStore(t *testing.T) {
	for _, dir := range useCasePackages {
		for file, decls := range funcs(t, dir) {
			for _, fn := range decls {
				if strings.HasPrefix(fn.Name.Name, "New") {
					continue
				}
				for _, field := range fn.Type.Params.List {
					if isStorePointer(field.Type) {
						t.Errorf("%s/%s: %s takes the store: give its service what it needs when it is built", dir, file, fn.Name.Name)
					}
				}
			}
		}
	}
}

// funcs are the function and method declarations of each non-test Go file of dir.
func funcs(t *testing.T, dir string) map[string][]*ast.FuncDecl {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	out := map[string][]*ast.FuncDecl{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range parsed.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				out[filepath.Base(f)] = append(out[filepath.Base(f)], fn)
			}
		}
	}
	return out
}

// isStorePointer tells the type *store.Store.
func isStorePointer(e ast.Expr) bool {
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "store" && sel.Sel.Name == "Store"
}

// The store is the bottom layer but for model (the rows it reads and writes) and problem
// (the errors every layer shares): it knows nothing of the domain's rules.
func TestStoreImportsOnlyModel(t *testing.T) {
	allowed := []string{"castaway/internal/model", "castaway/internal/problem"}
	for file, paths := range imports(t, "internal/store") {
		for _, p := range paths {
			if !slices.Contains(allowed, p) {
				t.Errorf("internal/store/%s imports %s: pass values in, or put the pure rule in model", file, p)
			}
		}
	}
}

// HTTP plumbing serves any handler: it reaches neither the store nor the server.
func TestPlumbingStandsAlone(t *testing.T) {
	for _, dir := range []string{"internal/httpcache", "internal/live", "internal/worker", "web"} {
		if _, err := os.Stat(filepath.Join("..", "..", dir)); err != nil {
			t.Errorf("%s is missing", dir)
			continue
		}
		for file, paths := range imports(t, dir) {
			for _, p := range paths {
				if p == "castaway/internal/store" || p == "castaway/internal/server" {
					t.Errorf("%s/%s imports %s", dir, file, p)
				}
			}
		}
	}
}
