package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/store"
)

const pollsUsage = `Usage:
  castaway polls list
  castaway polls add --id ID --season sNN --title TITLE [--description TEXT]
  castaway polls close ID    the poll shows its results and takes no more ballots
  castaway polls open ID     it takes ballots again

Each also takes the database flags of serve (-data-dir, -database-url) or the
CASTAWAY_* variables.
`

// dbFlags are the flags a maintenance command shares with serve to find the database.
type dbFlags struct{ dataDir, databaseURL string }

func (d *dbFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&d.dataDir, "data-dir", "", "data folder, as for serve (CASTAWAY_DATA_DIR)")
	fs.StringVar(&d.databaseURL, "database-url", "", "database, as for serve (CASTAWAY_DATABASE_URL)")
}

// open connects to the database the flags and environment name, migrated.
func (d *dbFlags) open(ctx context.Context, getenv func(string) string) (*store.Store, error) {
	cfg, err := d.config(getenv)
	if err != nil {
		return nil, err
	}
	return OpenStore(ctx, cfg)
}

// PollsMain runs `castaway polls add|open|close|list`: polls are data, so an
// operator adds, opens and closes them without a release.
func PollsMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, pollsUsage)
		if len(args) == 0 {
			return errors.New("polls: name a subcommand: list, add, open or close")
		}
		return nil
	}
	// The subcommand is the first word that is not a flag or a flag's value (every
	// flag of polls takes a value), so database flags may come first.
	at := 0
	for at < len(args) && strings.HasPrefix(args[at], "-") {
		if !strings.Contains(args[at], "=") {
			at++
		}
		at++
	}
	if at >= len(args) {
		fmt.Fprint(stderr, pollsUsage)
		return errors.New("polls: name a subcommand: list, add, open or close")
	}
	sub := args[at]
	args = append(append([]string{}, args[:at]...), args[at+1:]...)
	fs := flag.NewFlagSet("castaway polls "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, pollsUsage, "\nFlags:\n"); fs.PrintDefaults() }
	var db dbFlags
	db.define(fs)
	var id, season, title, description string
	if sub == "add" {
		fs.StringVar(&id, "id", "", "poll id, part of its URL (like season-48)")
		fs.StringVar(&season, "season", "", "season whose cast is ranked (like s48)")
		fs.StringVar(&title, "title", "", "title shown on the poll's page")
		fs.StringVar(&description, "description", "", "description shown under the title")
	}
	// Flags may come before or after the poll id.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}

	cat := catalog.MustLoad()
	switch sub {
	case "list", "add":
		if len(positional) > 0 {
			return fmt.Errorf("polls %s: unexpected argument %q", sub, positional[0])
		}
	case "open", "close":
		if len(positional) != 1 {
			return fmt.Errorf("polls %s: name one poll id", sub)
		}
	default:
		fmt.Fprint(stderr, pollsUsage)
		return fmt.Errorf("polls: unknown subcommand %q", sub)
	}
	if sub == "add" {
		if err := global.CheckPoll(cat, id, season, title, description); err != nil {
			return fmt.Errorf("polls add: %w", err)
		}
	}

	st, err := db.open(ctx, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	switch sub {
	case "list":
		return listPolls(ctx, st, cat, stdout)
	case "add":
		p := &store.Poll{ID: id, Title: strings.TrimSpace(title), Description: strings.TrimSpace(description),
			SeasonID: season, IsOpen: true, CreatedAt: time.Now()}
		if err := st.AddPoll(ctx, p); errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("polls add: a poll with the id %q already exists", id)
		} else if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "added poll %s (%s), open for ballots at /global-rankings/%s\n", p.ID, p.SeasonID, p.ID)
		return nil
	default: // open, close
		open := sub == "open"
		if err := st.SetPollOpen(ctx, positional[0], open); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("polls %s: there is no poll %q (see castaway polls list)", sub, positional[0])
		} else if err != nil {
			return err
		}
		state := "closed: it shows its results and takes no more ballots"
		if open {
			state = "open for ballots"
		}
		fmt.Fprintf(stdout, "poll %s is %s\n", positional[0], state)
		return nil
	}
}

func listPolls(ctx context.Context, st *store.Store, cat *catalog.Catalog, stdout io.Writer) error {
	polls, err := st.Polls(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSEASON\tSTATE\tBALLOTS\tTITLE")
	for _, p := range polls {
		season := p.SeasonID
		if s, ok := cat.Season(p.SeasonID); ok {
			season += " (" + s.Name + ")"
		}
		state := "open"
		if !p.IsOpen {
			state = "closed"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", p.ID, season, state, p.Submissions, p.Title)
	}
	return tw.Flush()
}
