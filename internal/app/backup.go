package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// BackupMain is `castaway backup FILE`: a consistent copy of the live SQLite database.
func BackupMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("castaway backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var db dbFlags
	db.define(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: castaway backup [flags] FILE\n\nWrites a consistent copy of the SQLite database to FILE while the server runs.\nRestore by stopping the server and putting FILE in place of the database file.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("backup: name one file to write")
	}
	st, err := db.open(ctx, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up to %s\n", fs.Arg(0))
	return nil
}
