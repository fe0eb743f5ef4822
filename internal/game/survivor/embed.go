// Package survivor is the survivoR data set as published (README.md says what each file
// holds; LICENSE.md is its MIT licence, shipped with the binary): the game castaway starts
// with before an operator imports a newer copy. Each JSON file is kept gzipped (the
// largest is 3.5 MB as published, 0.2 MB so) and read as the plain file.
package survivor

import (
	"bytes"
	"compress/gzip"
	"embed"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing/fstest"
)

//go:embed *.json.gz LICENSE.md
var files embed.FS

// Files is every JSON file of the data set, by its published name, and the licence;
// unpacked once a process, when first asked for.
var Files = sync.OnceValue(func() fs.FS {
	out := fstest.MapFS{}
	entries, err := files.ReadDir(".")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		body, err := files.ReadFile(e.Name())
		if err != nil {
			panic(err)
		}
		name, packed := strings.CutSuffix(e.Name(), ".gz")
		if packed {
			if body, err = gunzip(body); err != nil {
				panic("survivor: " + e.Name() + ": " + err.Error()) // a broken embedded file is a build bug
			}
		}
		out[name] = &fstest.MapFile{Data: body}
	}
	return out
})

// WriteTo writes the data set's JSON files into dir as published, for a test of what an
// operator's import reads from a folder.
func WriteTo(dir string) error {
	for name, f := range Files().(fstest.MapFS) {
		if strings.HasSuffix(name, ".json") {
			if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}
