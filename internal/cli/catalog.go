package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/game"
	"castaway/internal/model"
	"castaway/internal/store"
)

// newCatalogCmd is `castaway catalog import|season|boot|undo-boot`: the game as data, kept
// up by an operator without a release. Every change reaches every server at once.
func newCatalogCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalog import|season|premiere|boot|undo-boot",
		Short: "Bring in a newer copy of the game data, or record a season on air",
		Long: `The seasons, casts and what happened in them come from the survivoR data set
(built in). 'catalog import DIR' brings in a newer copy of its JSON files; 'catalog season'
adds a season as it starts airing, and 'catalog boot' records each boot as it airs. Every
change is refused whole with a message when it does not fit, and shows on every server
without a restart. Each subcommand takes the database flags of serve (--data-dir,
--database-url, --events-url when servers share NATS) or the CASTAWAY_* variables.`,
		RunE: needSubcommand,
	}
	config.AddFlags(cmd.PersistentFlags(), append(config.DatabaseFlags, "events-url")...)
	cmd.AddCommand(catalogImportCmd(e), catalogSeasonCmd(e), catalogPremiereCmd(e), catalogBootCmd(e), catalogUndoCmd(e))
	return cmd
}

// operator is who records from the command line: a moderator by definition, whose
// records say "cli".
var operator = model.Actor{User: &model.User{ID: "cli", IsAdmin: true}, Client: "cli"}

// onGame runs use with the game read from the store.
func onGame(cmd *cobra.Command, e *Env, use func(*game.Service) error) error {
	return withStore(cmd, e, func(cfg *config.Config, st *store.Store) error {
		g, done, err := app.Game(cmd.Context(), cfg, st)
		if err != nil {
			return err
		}
		defer done()
		return use(g)
	})
}

func catalogImportCmd(e *Env) *cobra.Command {
	return &cobra.Command{
		Use:     "import DIR",
		Short:   "Bring in a newer copy of the survivoR JSON files from DIR",
		Example: "  castaway catalog import ./survivoR/dev/json",
		Args:    args(1, "the folder holding the survivoR JSON files"),
		RunE: func(cmd *cobra.Command, argv []string) error {
			if st, err := os.Stat(argv[0]); err != nil || !st.IsDir() {
				return fmt.Errorf("catalog import: %s is not a folder", argv[0])
			}
			return onGame(cmd, e, func(g *game.Service) error {
				rep, err := g.Import(cmd.Context(), os.DirFS(argv[0]))
				if err != nil {
					return fmt.Errorf("catalog import: %w", err)
				}
				printImport(cmd.OutOrStdout(), rep)
				return nil
			})
		},
	}
}

func printImport(w io.Writer, rep game.ImportReport) {
	if rep.Unchanged {
		fmt.Fprintf(w, "nothing changed: this copy is the one in place (%d seasons, %d castaways)\n", rep.Seasons, rep.Castaways)
		return
	}
	fmt.Fprintf(w, "imported: %d seasons, %d castaways\n", rep.Seasons, rep.Castaways)
	for _, line := range []struct {
		what string
		ids  []string
	}{{"new seasons", rep.NewSeasons}, {"changed seasons", rep.ChangedSeasons}, {"seasons gone", rep.GoneSeasons},
		{"new castaways", rep.NewCastaways}, {"castaways gone (no list ranked them)", rep.GoneCastaways}} {
		if len(line.ids) > 0 {
			fmt.Fprintf(w, "  %s (%d): %s\n", line.what, len(line.ids), strings.Join(line.ids, ", "))
		}
	}
	if rep.DroppedRecords > 0 {
		fmt.Fprintf(w, "  %d records of seasons on air were replaced by the copy\n", rep.DroppedRecords)
	}
}

func catalogSeasonCmd(e *Env) *cobra.Command {
	var in game.NewSeason
	var castFile string
	cmd := &cobra.Command{
		Use:   "season --franchise US --number N --name NAME --premiere YYYY-MM-DD --cast FILE",
		Short: "Add a season as it starts airing, with its cast",
		Long: `Adds a season and its cast. FILE is JSON: a list of castaways, each either a returning
player by id ({"contestantId": "ozzy-lusth", "tribe": "Cila"}) or a newcomer
({"name": "Jane Doe", "tribe": "Vatu", "age": 31, "hometown": "Boise, Idaho", "occupation": "Nurse"}).`,
		Example: `  castaway catalog season --number 51 --name "Survivor 51" --premiere 2027-02-24 --location "Fiji" --cast cast.json`,
		Args:    args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			body, err := os.ReadFile(castFile)
			if err != nil {
				return fmt.Errorf("catalog season: %w", err)
			}
			var cast []struct {
				ContestantID string `json:"contestantId"`
				Name         string `json:"name"`
				Tribe        string `json:"tribe"`
				Age          int    `json:"age"`
				Hometown     string `json:"hometown"`
				Occupation   string `json:"occupation"`
			}
			if err := json.Unmarshal(body, &cast); err != nil {
				return fmt.Errorf("catalog season: %s is not a JSON list of castaways: %w", castFile, err)
			}
			for _, c := range cast {
				in.Cast = append(in.Cast, game.NewCastaway{ContestantID: c.ContestantID, Name: c.Name, Tribe: c.Tribe,
					Age: c.Age, Hometown: c.Hometown, Occupation: c.Occupation})
			}
			return onGame(cmd, e, func(g *game.Service) error {
				s, err := g.AddSeason(cmd.Context(), operator, in)
				if err != nil {
					return fmt.Errorf("catalog season: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "added %s (%s) with %d castaways: /seasons/%s\n", s.ID, s.Name, len(s.Cast), s.ID)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&in.Franchise, "franchise", "US", "US, AU, SA, NZ or UK")
	f.IntVar(&in.Number, "number", 0, "the season's number within its franchise")
	f.StringVar(&in.Name, "name", "", "the season's name, like \"Survivor 51\"")
	f.StringVar(&in.Premiere, "premiere", "", "the premiere's date, YYYY-MM-DD")
	f.StringVar(&in.Location, "location", "", "where it is filmed")
	f.StringVar(&in.Country, "country", "", "the country it is filmed in")
	f.StringVar(&castFile, "cast", "", "a JSON file listing the cast")
	return cmd
}

func catalogBootCmd(e *Env) *cobra.Command {
	var season string
	var in game.NewBoot
	var votes, idols []string
	cmd := &cobra.Command{
		Use:     "boot --season ID --episode N --day N --castaway ID --result TEXT [--vote VOTER=TARGET]... [--idol found|played:ID[:FOR]]...",
		Short:   "Record who left a season on air, with the council's votes",
		Example: `  castaway catalog boot --season s51 --episode 2 --day 5 --castaway jane-doe --result "2nd voted out" --vote john-roe=jane-doe --vote jane-doe=john-roe`,
		Args:    args(0, ""),
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, v := range votes {
				voter, target, ok := strings.Cut(v, "=")
				if !ok {
					return fmt.Errorf("catalog boot: --vote %q is not VOTER=TARGET", v)
				}
				in.Votes = append(in.Votes, game.NewVote{Voter: voter, Target: target})
			}
			for _, v := range idols {
				parts := strings.Split(v, ":")
				if len(parts) < 2 || len(parts) > 3 {
					return fmt.Errorf("catalog boot: --idol %q is not found:ID or played:ID[:FOR]", v)
				}
				idol := game.NewIdol{Event: parts[0], Castaway: parts[1]}
				if len(parts) == 3 {
					idol.PlayedFor = parts[2]
				}
				in.Idols = append(in.Idols, idol)
			}
			return onGame(cmd, e, func(g *game.Service) error {
				s, err := g.RecordBoot(cmd.Context(), operator, season, in)
				if err != nil {
					return fmt.Errorf("catalog boot: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "recorded boot %d of %s: %s, %s\n", len(s.Boots), s.ID, in.Castaway, in.Result)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&season, "season", "", "the season on air, like s51")
	f.IntVar(&in.Episode, "episode", 0, "the episode it aired in")
	f.StringVar(&in.EpisodeTitle, "title", "", "the episode's title")
	f.StringVar(&in.AirDate, "aired", "", "the episode's air date, YYYY-MM-DD")
	f.IntVar(&in.Day, "day", 0, "the day of the game it happened on")
	f.StringVar(&in.Castaway, "castaway", "", "who left (their contestant id)")
	f.StringVar(&in.Result, "result", "", "how they left, like \"3rd voted out\"")
	f.StringArrayVar(&votes, "vote", nil, "a vote at the council, VOTER=TARGET (contestant ids); repeat for each")
	f.StringArrayVar(&idols, "idol", nil, "an idol found (found:ID) or played (played:ID, or played:ID:FOR) in the episode; repeat for each")
	return cmd
}

func catalogPremiereCmd(e *Env) *cobra.Command {
	return &cobra.Command{
		Use:     "premiere SEASON YYYY-MM-DD",
		Short:   "Move the premiere of a season on air",
		Example: "  castaway catalog premiere s51 2027-03-03",
		Args:    args(2, "the season on air and its premiere's date"),
		RunE: func(cmd *cobra.Command, argv []string) error {
			return onGame(cmd, e, func(g *game.Service) error {
				s, err := g.SetPremiere(cmd.Context(), operator, argv[0], argv[1])
				if err != nil {
					return fmt.Errorf("catalog premiere: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s premieres on %s\n", s.ID, s.Premiered)
				return nil
			})
		},
	}
}

func catalogUndoCmd(e *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "undo-boot SEASON",
		Short: "Take back the last boot recorded for a season on air, with its votes",
		Args:  args(1, "the season on air, like s51"),
		RunE: func(cmd *cobra.Command, argv []string) error {
			return onGame(cmd, e, func(g *game.Service) error {
				s, err := g.UndoBoot(cmd.Context(), operator, argv[0])
				if err != nil {
					return fmt.Errorf("catalog undo-boot: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "took back the last boot of %s: %d boots remain\n", s.ID, len(s.Boots))
				return nil
			})
		},
	}
}
