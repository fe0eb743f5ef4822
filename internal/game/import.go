package game

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing/fstest"

	"castaway/internal/catalog"
	"castaway/internal/model"
)

// ImportReport is what an import changed, for the operator who ran it.
type ImportReport struct {
	Seasons, Castaways int      // in the game after it
	Unchanged          bool     // the copy was the one in place: nothing was written
	NewSeasons         []string // castaway's ids
	ChangedSeasons     []string
	GoneSeasons        []string
	NewCastaways       []string
	GoneCastaways      []string // no list ranked them
	DroppedRecords     int      // records of seasons on air that the copy now has
}

// Import brings in a newer copy of the data set from dir: every file of Files, checked
// by building the game from it. It is refused whole, with nothing written, when a file
// is missing or malformed, or when the copy would take away a contestant or season some
// list ranks. The records of a season on air that the copy has are dropped: the copy
// tells that season now. Importing the copy in place changes nothing.
func (s *Service) Import(ctx context.Context, dir fs.FS) (ImportReport, error) {
	files := map[string][]byte{}
	for _, name := range Files {
		body, err := fs.ReadFile(dir, name)
		if err != nil {
			return ImportReport{}, fmt.Errorf("the import was refused, nothing changed: %w", err)
		}
		files[name] = body
	}
	stored, err := s.store.GameFiles(ctx)
	if err != nil {
		return ImportReport{}, err
	}
	records, err := s.store.GameRecords(ctx)
	if err != nil {
		return ImportReport{}, err
	}
	copied, err := readRows(mapFS(files), nil)
	if err != nil {
		return ImportReport{}, fmt.Errorf("the import was refused, nothing changed: %w", err)
	}
	inCopy := map[string]bool{}
	for _, row := range copied.seasons {
		inCopy[row.Season] = true
	}
	kept := slices.DeleteFunc(slices.Clone(records), func(r model.GameRecord) bool { return inCopy[r.Season] })
	g, cat, err := Build(mapFS(files), kept)
	if err != nil {
		return ImportReport{}, fmt.Errorf("the import was refused, nothing changed: %w", err)
	}
	old := s.game.Load()
	rep := compare(old, s.catalog, g, cat)
	rep.DroppedRecords = len(records) - len(kept)
	if gone := append(slices.Clone(rep.GoneSeasons), rep.GoneCastaways...); len(gone) > 0 {
		used, err := s.store.ItemsInUse(ctx, gone)
		if err != nil {
			return ImportReport{}, err
		}
		if len(used) > 0 {
			slices.Sort(used)
			return ImportReport{}, fmt.Errorf("the import was refused, nothing changed: lists rank %d contestants or seasons it does not have: %s",
				len(used), strings.Join(used, ", "))
		}
	}
	if sameFiles(stored, files) && rep.DroppedRecords == 0 || len(stored) == 0 && sameFiles(shippedFiles(), files) && rep.DroppedRecords == 0 {
		rep.Unchanged = true
		return rep, nil
	}
	drop := slices.Sorted(maps.Keys(inCopy))
	if err := s.store.ImportGame(ctx, files, drop, s.now()); err != nil {
		return ImportReport{}, err
	}
	return rep, s.changed(ctx)
}

// compare says what differs between the game in place and the one an import builds.
func compare(old *Game, oldCat *catalog.Catalog, g *Game, cat *catalog.Catalog) ImportReport {
	rep := ImportReport{Seasons: len(g.seasons), Castaways: len(g.people)}
	for _, s := range g.seasons {
		was, ok := old.Season(s.ID)
		switch {
		case !ok:
			rep.NewSeasons = append(rep.NewSeasons, s.ID)
		case !sameJSON(was, s):
			rep.ChangedSeasons = append(rep.ChangedSeasons, s.ID)
		}
	}
	for _, s := range oldCat.Seasons() {
		if _, ok := cat.Season(s.ID); !ok {
			rep.GoneSeasons = append(rep.GoneSeasons, s.ID)
		}
	}
	had := map[string]bool{}
	for _, c := range oldCat.Castaways() {
		had[c.ID] = true
	}
	has := map[string]bool{}
	for _, c := range cat.Castaways() {
		has[c.ID] = true
		if !had[c.ID] {
			rep.NewCastaways = append(rep.NewCastaways, c.ID)
		}
	}
	for id := range had {
		if !has[id] {
			rep.GoneCastaways = append(rep.GoneCastaways, id)
		}
	}
	slices.Sort(rep.GoneCastaways)
	return rep
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func sameFiles(a, b map[string][]byte) bool {
	return len(a) == len(b) && maps.EqualFunc(a, b, bytes.Equal)
}

// shippedFiles is the binary's copy, by name.
func shippedFiles() map[string][]byte {
	files := map[string][]byte{}
	for _, name := range Files {
		body, _ := fs.ReadFile(survivorFiles(), name)
		files[name] = body
	}
	return files
}

// mapFS is files as a file system.
func mapFS(files map[string][]byte) fs.FS {
	m := fstest.MapFS{}
	for name, body := range files {
		m[name] = &fstest.MapFile{Data: body}
	}
	return m
}
