package importer

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"castaway/internal/app"
	"castaway/internal/catalog"
	"castaway/internal/config"
)

// reportLines is how many lines of each report section the terminal gets.
const reportLines = 100

// Main runs `castaway import-firestore [flags] FILE`: its own flags, and the same
// database flags and CASTAWAY_* variables as serve. The report goes to stdout, the
// progress bar to stderr.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("castaway import-firestore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	batch := fs.Int("batch", 5000, "rows per transaction")
	quiet := fs.Bool("quiet", false, "no progress bar")
	reportFile := fs.String("report", "", "also write the whole report (every line) to this file")
	fs.Usage = func() {
		fmt.Fprint(stderr, `Usage: castaway import-firestore [flags] FILE

Brings an export of the earlier product's Firestore database (users, userLists,
comments, notifications, userGlobalRankings, globalRankingsData, rankings) into
castaway, repairing what it can and reporting what it leaves out. Safe to run again:
what an earlier run brought in is left as it is. Flags:
`)
		fs.PrintDefaults()
		fmt.Fprint(stderr, "\nThe database is chosen as for serve (-data-dir, -database-url or CASTAWAY_* variables; see castaway serve -h).\n")
	}
	own, rest := app.SplitArgs(fs, args)
	if err := fs.Parse(own); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	// The file name is the one argument that is not a flag.
	var files []string
	files = append(files, fs.Args()...)
	var cfgArgs []string
	for _, a := range rest {
		if len(a) > 0 && a[0] == '-' || len(cfgArgs) > 0 && needsValue(cfgArgs[len(cfgArgs)-1]) {
			cfgArgs = append(cfgArgs, a)
		} else {
			files = append(files, a)
		}
	}
	if len(files) != 1 {
		fs.Usage()
		return errors.New("import-firestore: name one export file")
	}
	cfg, err := config.FromEnv(cfgArgs)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	f, err := os.Open(files[0])
	if err != nil {
		return err
	}
	exp, err := Parse(f)
	f.Close()
	if err != nil {
		return err
	}
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()

	opt := Options{BatchRows: *batch}
	finish := func() {}
	if !*quiet {
		opt.Progress, finish = app.ProgressBar(stderr, "import")
	}
	start := time.Now()
	rep, err := Import(ctx, st, catalog.MustLoad(), exp, opt)
	finish()
	if rep != nil {
		fmt.Fprintf(stdout, "Import of %s into %s (%s)\n\n", files[0], st.Dialect(), time.Since(start).Round(100*time.Millisecond))
		rep.Write(stdout, reportLines)
		if *reportFile != "" {
			if werr := os.WriteFile(*reportFile, []byte(rep.String()), 0o644); werr != nil && err == nil {
				err = werr
			}
		}
	}
	return err
}

// needsValue tells whether a config flag takes the next argument as its value
// (every serve flag does except the boolean -trust-proxy).
func needsValue(arg string) bool {
	if len(arg) == 0 || arg[0] != '-' {
		return false
	}
	for _, c := range arg {
		if c == '=' {
			return false
		}
	}
	return arg != "-trust-proxy" && arg != "--trust-proxy"
}
