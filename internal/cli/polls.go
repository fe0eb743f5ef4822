package cli

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"castaway/internal/config"
	"castaway/internal/game"
	"castaway/internal/global"
	"castaway/internal/model"
	"castaway/internal/store"
)

// newPollsCmd is `castaway polls add|open|close|list`: polls are data, so an operator
// adds, opens and closes them without a release.
func newPollsCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "polls list|add|open|close",
		Short: "Manage the global top-10 polls",
		Long: `Global top-10 polls are data: add one for a new season, close it when the season ends
(its results stay, ballots stop), open it again. Each subcommand takes the database flags
of serve (--data-dir, --database-url) or the CASTAWAY_* variables.`,
		RunE: needSubcommand,
	}
	config.AddFlags(cmd.PersistentFlags(), config.DatabaseFlags...)
	var id, season, title, description string
	add := &cobra.Command{
		Use:     "add --id ID --season sNN --title TITLE [--description TEXT]",
		Short:   "Add a poll, open for ballots",
		Example: `  castaway polls add --id season-49 --season s49 --title "Season 49" --description "Rank the cast"`,
		Args:    args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withStore(cmd, e, func(_ *config.Config, st *store.Store) error {
				// Any season the game has: another franchise's, one on air.
				_, cat, err := game.Stored(cmd.Context(), st)
				if err != nil {
					return err
				}
				if err := global.CheckPoll(cat, id, season, title, description); err != nil {
					return fmt.Errorf("polls add: %w", err)
				}
				p := &model.Poll{ID: id, Title: strings.TrimSpace(title), Description: strings.TrimSpace(description),
					SeasonID: season, IsOpen: true, CreatedAt: time.Now()}
				if err := st.AddPoll(cmd.Context(), p); errors.Is(err, store.ErrConflict) {
					return fmt.Errorf("polls add: a poll with the id %q already exists", id)
				} else if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "added poll %s (%s), open for ballots at /global-rankings/%s\n", p.ID, p.SeasonID, p.ID)
				return nil
			})
		},
	}
	add.Flags().StringVar(&id, "id", "", "poll id, part of its URL (like season-48)")
	add.Flags().StringVar(&season, "season", "", "season whose cast is ranked (like s48)")
	add.Flags().StringVar(&title, "title", "", "title shown on the poll's page")
	add.Flags().StringVar(&description, "description", "", "description shown under the title")

	list := &cobra.Command{
		Use:   "list",
		Short: "List the polls, open and closed",
		Args:  args(0, ""),
		RunE:  onStore(e, listPolls),
	}
	cmd.AddCommand(add, list, pollStateCmd(e, true), pollStateCmd(e, false))
	return cmd
}

// pollStateCmd is `polls open ID` or `polls close ID`.
func pollStateCmd(e *Env, open bool) *cobra.Command {
	name, short, state := "close", "Close a poll: it shows its results and takes no more ballots",
		"closed: it shows its results and takes no more ballots"
	if open {
		name, short, state = "open", "Open a poll for ballots again", "open for ballots"
	}
	return &cobra.Command{
		Use:   name + " ID",
		Short: short,
		Args:  args(1, "one poll id"),
		RunE: onStore(e, func(cmd *cobra.Command, st *store.Store, args []string) error {
			if err := st.SetPollOpen(cmd.Context(), args[0], open); errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("polls %s: there is no poll %q (see castaway polls list)", name, args[0])
			} else if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "poll %s is %s\n", args[0], state)
			return nil
		}),
	}
}

func listPolls(cmd *cobra.Command, st *store.Store, _ []string) error {
	_, cat, err := game.Stored(cmd.Context(), st)
	if err != nil {
		return err
	}
	polls, err := st.Polls(cmd.Context())
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
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

// needSubcommand is the run of a command that only groups others.
func needSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return unknownCommand(cmd, args[0])
	}
	var names []string
	for _, c := range cmd.Commands() {
		names = append(names, c.Name())
	}
	return usageErrorf(cmd, "%s: name a subcommand: %s", cmd.Name(), strings.Join(names, ", "))
}
