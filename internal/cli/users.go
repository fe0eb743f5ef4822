package cli

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"castaway/internal/app"
	"castaway/internal/auth"
	"castaway/internal/config"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/problem"
	"castaway/internal/store"
)

func newUsersCmd(e *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "users list|grant-admin|revoke-admin|suspend|unsuspend|reset-password|sign-out",
		Short: "Accounts and moderation",
		Long: `Looks after accounts. Each subcommand takes the database flags of serve (--data-dir,
--database-url) or the CASTAWAY_* variables; suspend, unsuspend, reset-password and
sign-out are recorded in the moderation log as done by "command line". A moderator
cannot be suspended: revoke their role first. A signed-in user sees a role change on
their next page load.`,
		RunE: needSubcommand,
	}
	config.AddFlags(cmd.PersistentFlags(), config.DatabaseFlags...)

	var query string
	list := &cobra.Command{
		Use:   "list [--query Q]",
		Short: "List accounts whose name starts with Q, or with address Q",
		Args:  args(0, ""),
		RunE: onStore(e, func(cmd *cobra.Command, st *store.Store, _ []string) error {
			return listUsers(cmd, st, query)
		}),
	}
	list.Flags().StringVar(&query, "query", "", "the start of a display name, or an exact address")
	cmd.AddCommand(list, adminCmd(e, true), adminCmd(e, false))

	var reason, until string
	suspend := moderationCmd(e, "suspend EMAIL --reason R [--until 2026-12-31]",
		"End the account's sessions, refuse its sign-ins and hide its lists and comments until the day (UTC), or until unsuspend",
		func(cmd *cobra.Command, users *moderation.Users, u *model.User) (string, error) {
			end, _ := time.Parse(time.DateOnly, until) // checked before: zero when unset
			msg := "suspended"
			if !end.IsZero() {
				msg += " until " + end.Format(auth.SuspendedDate)
			}
			return msg + ": signed out, and their lists and comments are hidden",
				users.Suspend(cmd.Context(), moderation.CommandLine, u.ID, reason, end)
		})
	suspend.PreRunE = func(cmd *cobra.Command, _ []string) error {
		if _, err := time.Parse(time.DateOnly, until); until != "" && err != nil {
			return usageErrorf(cmd, "users suspend: --until %q: want a day as YYYY-MM-DD", until)
		}
		return nil
	}
	suspend.Flags().StringVar(&reason, "reason", "", "why (required; at most 500 characters)")
	suspend.Flags().StringVar(&until, "until", "", "the day it ends, YYYY-MM-DD (UTC); none: until unsuspend")
	cmd.AddCommand(suspend,
		moderationCmd(e, "unsuspend EMAIL", "Restore a suspended account, with its lists and comments",
			func(cmd *cobra.Command, users *moderation.Users, u *model.User) (string, error) {
				return "restored, with their lists and comments", users.Unsuspend(cmd.Context(), moderation.CommandLine, u.ID)
			}),
		moderationCmd(e, "reset-password EMAIL", "Mail the account a password reset link",
			func(cmd *cobra.Command, users *moderation.Users, u *model.User) (string, error) {
				return "sent a password reset link", users.SendPasswordReset(cmd.Context(), moderation.CommandLine, u)
			}),
		moderationCmd(e, "sign-out EMAIL", "End every session of the account, and its live streams",
			func(cmd *cobra.Command, users *moderation.Users, u *model.User) (string, error) {
				return "signed out everywhere", users.SignOut(cmd.Context(), moderation.CommandLine, u.ID)
			}),
	)
	return cmd
}

// moderationCmd is a users subcommand acting on one account through the moderation use
// cases; act returns what to print once done.
func moderationCmd(e *Env, use, short string, act func(*cobra.Command, *moderation.Users, *model.User) (string, error)) *cobra.Command {
	name, _, _ := strings.Cut(use, " ")
	return &cobra.Command{
		Use:   use,
		Short: short,
		Args:  args(1, "one account's email"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withStore(cmd, e, func(cfg *config.Config, st *store.Store) error {
				users, done, err := app.ModerationUsers(cmd.Context(), cfg, st)
				if err != nil {
					return err
				}
				defer done()
				email := args[0]
				var msg string
				u, err := users.ByEmail(cmd.Context(), email)
				if err == nil {
					msg, err = act(cmd, users, u)
				}
				if p, ok := problem.As(err); ok {
					return fmt.Errorf("users %s %s: %s", name, email, p.Message)
				}
				if err != nil {
					return err
				}
				if name == "reset-password" {
					msg = "a password reset link is on its way to " + email
				} else {
					msg = email + " is " + msg
				}
				_, err = fmt.Fprintln(cmd.OutOrStdout(), msg)
				return err
			})
		},
	}
}

// adminCmd is `users grant-admin EMAIL` or `users revoke-admin EMAIL`.
func adminCmd(e *Env, grant bool) *cobra.Command {
	name, short := "revoke-admin", "The account may no longer moderate"
	if grant {
		name, short = "grant-admin", "The account may moderate (/moderation)"
	}
	return &cobra.Command{
		Use:   name + " EMAIL",
		Short: short,
		Args:  args(1, "one account's email"),
		RunE: onStore(e, func(cmd *cobra.Command, st *store.Store, args []string) error {
			email := args[0]
			err := st.SetAdmin(cmd.Context(), email, grant)
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("users %s: no account has the email %q", name, email)
			}
			if err != nil {
				return err
			}
			if grant {
				fmt.Fprintf(cmd.OutOrStdout(), "%s may now moderate\n", email)
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "%s may no longer moderate\n", email)
			}
			return nil
		}),
	}
}

// listUsers prints the accounts query finds, page after page, at most maxListed.
func listUsers(cmd *cobra.Command, st *store.Store, query string) error {
	const maxListed = 1000
	stdout := cmd.OutOrStdout()
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EMAIL\tNAME\tJOINED\tSTATUS")
	cursor, n := "", 0
	for {
		page, next, err := st.SearchUsers(cmd.Context(), query, cursor, moderation.UsersPage)
		if err != nil {
			return err
		}
		for _, u := range page {
			email := u.Email
			if email == "" {
				email = "(none: " + u.ID + ")"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", email, u.DisplayName, u.CreatedAt.Format(time.DateOnly), userStatus(&u))
			n++
		}
		if cursor = next; cursor == "" || n >= maxListed {
			break
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if cursor != "" {
		fmt.Fprintf(stdout, "(the first %d; narrow with --query)\n", n)
	}
	return nil
}

func userStatus(u *model.UserSummary) string {
	var parts []string
	if u.IsAdmin {
		parts = append(parts, "moderator")
	}
	if s := u.Suspension; s != nil {
		if s.Until.IsZero() {
			parts = append(parts, "suspended: "+s.Reason)
		} else {
			parts = append(parts, "suspended until "+s.Until.Format(time.DateOnly)+": "+s.Reason)
		}
	}
	if len(parts) == 0 {
		return "active"
	}
	return strings.Join(parts, ", ")
}
