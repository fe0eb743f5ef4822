package auth

import (
	"context"
	"encoding/json"
	"io"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Export counts a download of by's data against the export limits and returns what
// writes it: everything they own or wrote, to w, as one JSON document, a row at a time,
// so a prolific account costs no more memory than a small one. On an error it stops
// with the document unfinished, so the file does not parse as complete.
func (a *Accounts) Export(ctx context.Context, by model.Actor) (func(w io.Writer) error, error) {
	if err := a.writes.Take(ctx, by.UserID(), by.Client, ExportPerUser, ExportPerClient); err != nil {
		return nil, err
	}
	return func(w io.Writer) error { return a.export(ctx, by.UserID(), w) }, nil
}

func (a *Accounts) export(ctx context.Context, userID string, w io.Writer) error {
	enc := json.NewEncoder(w)
	w.Write([]byte(`{"exportedAt":`))
	enc.Encode(a.now().UTC())
	for _, section := range store.ExportSections {
		w.Write([]byte(`,"` + section.Name + `":`))
		n := 0
		if !section.Single {
			w.Write([]byte("["))
		}
		err := a.store.ExportRows(ctx, section, userID, func(row map[string]any) error {
			if n > 0 {
				w.Write([]byte(","))
			}
			n++
			return enc.Encode(row)
		})
		if err != nil {
			return err
		}
		switch {
		case !section.Single:
			w.Write([]byte("]"))
		case n == 0:
			w.Write([]byte("null"))
		}
	}
	w.Write([]byte("}\n"))
	return nil
}
