// Package architecture holds the tests that keep the layers of docs/architecture.md:
// handlers over domain services over the store over model.
package architecture

import (
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

// The server turns HTTP into calls on the domain's services: only its wiring (server.go,
// which takes the store from internal/app) may name the store.
func TestServerReachesTheStoreOnlyThroughServices(t *testing.T) {
	wiring := []string{"server.go"}
	for file, paths := range imports(t, "internal/server") {
		if !slices.Contains(wiring, file) && slices.Contains(paths, "castaway/internal/store") {
			t.Errorf("internal/server/%s imports internal/store: call a domain service instead", file)
		}
	}
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
