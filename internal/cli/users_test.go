package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
)

// An operator makes an account an admin by its email, and takes it back.
func TestUsersAdminCommand(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			ctx := context.Background()
			st, err := openDB(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			u := &model.User{ID: "u-mod", Email: "Mod@Example.com", DisplayName: "Mod", CreatedAt: time.Now()}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			st.Close()
			isAdmin := func() bool {
				t.Helper()
				st, err := openDB(ctx, db)
				if err != nil {
					t.Fatal(err)
				}
				defer st.Close()
				got, err := st.UserByID(ctx, u.ID)
				if err != nil {
					t.Fatal(err)
				}
				return got.IsAdmin
			}
			if out, err := runCmd(t, "users", "grant-admin", "-database-url", db, "mod@example.com"); err != nil || !strings.Contains(out, "may now moderate") {
				t.Fatalf("grant: %v\n%s", err, out)
			}
			if !isAdmin() {
				t.Error("not an admin after grant-admin")
			}
			if out, err := runCmd(t, "users", "revoke-admin", "-database-url", db, "MOD@example.com"); err != nil || !strings.Contains(out, "no longer") {
				t.Fatalf("revoke: %v\n%s", err, out)
			}
			if isAdmin() {
				t.Error("still an admin after revoke-admin")
			}
			if _, err := runCmd(t, "users", "grant-admin", "-database-url", db, "nobody@example.com"); err == nil || !strings.Contains(err.Error(), "no account") {
				t.Errorf("granting an unknown email: %v", err)
			}
			if _, err := runCmd(t, "users", "promote", "x"); err == nil {
				t.Error("an unknown subcommand passed")
			}
		})
	}
}

// An operator lists accounts, suspends one (its session ends, its list leaves every
// page), restores it, sends it a reset link and signs it out, each recorded in the
// moderation log as done by "command line"; a moderator cannot be suspended.
func TestUsersModerationCommands(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db, dir := url(t), t.TempDir()
			ctx := context.Background()
			st, err := openDB(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			fan := &model.User{ID: "u-fan", Email: "Fan@Example.com", DisplayName: "Fanny", CreatedAt: time.Now()}
			mod := &model.User{ID: "u-mod", Email: "mod@example.com", DisplayName: "Mod", CreatedAt: time.Now()}
			for _, u := range []*model.User{fan, mod} {
				if err := st.CreateUser(ctx, u); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.SetAdmin(ctx, mod.Email, true); err != nil {
				t.Fatal(err)
			}
			l, err := st.CreateList(ctx, fan.ID, func(yield func(string) bool) { yield("list_1") },
				model.ListContent{Name: "Fan Picks", IsPublic: true, Tags: []string{"season-ranking"}}, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			session := func() bool {
				t.Helper()
				if err := st.CreateSession(ctx, model.NewSession{TokenHash: "h-" + time.Now().String(), ID: model.NewID(), UserID: fan.ID, Created: time.Now(), Expires: time.Now().Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
				return true
			}
			signedIn := func() bool {
				t.Helper()
				var n int
				if err := st.DB().QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE user_id = $1`, fan.ID).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n > 0
			}
			listed := func() bool {
				t.Helper()
				got, err := st.List(ctx, fan.ID, l.ID)
				if err != nil {
					t.Fatal(err)
				}
				return got.Listed()
			}
			run := func(args ...string) (string, error) {
				t.Helper()
				return runCmd(t, append([]string{"users"}, append(args, "-database-url", db, "-data-dir", dir)...)...)
			}
			lastAction := func() model.Action {
				t.Helper()
				log, _, err := st.ModerationLog(ctx, "", 1)
				if err != nil || len(log) != 1 {
					t.Fatalf("log: %v %v", log, err)
				}
				return log[0]
			}

			if out, err := run("list", "--query", "FAN"); err != nil || !strings.Contains(out, "Fan@Example.com") ||
				!strings.Contains(out, "active") || strings.Contains(out, "mod@example.com") {
				t.Fatalf("list: %v\n%s", err, out)
			}
			session()
			if _, err := run("suspend", "fan@example.com"); err == nil || !strings.Contains(err.Error(), "Say why") {
				t.Errorf("suspend without a reason: %v", err)
			}
			if _, err := run("suspend", "fan@example.com", "--reason", "x", "--until", "tomorrow"); err == nil {
				t.Error("an end date that is no date passed")
			}
			if _, err := run("suspend", "mod@example.com", "--reason", "x"); err == nil || !strings.Contains(err.Error(), "moderator") {
				t.Errorf("suspending a moderator: %v", err)
			}
			if out, err := run("suspend", "fan@example.com", "--reason", "Spam", "--until", "2099-12-03"); err != nil ||
				!strings.Contains(out, "suspended until 3 December 2099") {
				t.Fatalf("suspend: %v\n%s", err, out)
			}
			if signedIn() || listed() {
				t.Errorf("after suspend: signed in %v, list listed %v", signedIn(), listed())
			}
			if a := lastAction(); a.Action != store.ActionSuspend || a.AdminName != "command line" || a.Key != fan.ID ||
				a.Detail != "until 3 December 2099: Spam" {
				t.Errorf("logged %+v", a)
			}
			if out, err := run("list"); err != nil || !strings.Contains(out, "suspended until 2099-12-03: Spam") || !strings.Contains(out, "moderator") {
				t.Errorf("list while suspended: %v\n%s", err, out)
			}
			if out, err := run("unsuspend", "fan@example.com"); err != nil || !strings.Contains(out, "restored") || !listed() {
				t.Fatalf("unsuspend: %v listed %v\n%s", err, listed(), out)
			}
			if a := lastAction(); a.Action != store.ActionUnsuspend || a.AdminName != "command line" {
				t.Errorf("logged %+v", a)
			}
			if _, err := run("unsuspend", "fan@example.com"); err == nil || !strings.Contains(err.Error(), "not suspended") {
				t.Errorf("unsuspending twice: %v", err)
			}
			session()
			if out, err := run("sign-out", "fan@example.com"); err != nil || signedIn() || !strings.Contains(out, "signed out") {
				t.Fatalf("sign-out: %v signed in %v\n%s", err, signedIn(), out)
			}
			if a := lastAction(); a.Action != store.ActionSignOut || a.Key != fan.ID {
				t.Errorf("logged %+v", a)
			}
			if out, err := run("reset-password", "fan@example.com"); err != nil || !strings.Contains(out, "reset link") {
				t.Fatalf("reset-password: %v\n%s", err, out)
			}
			var links int
			if err := st.DB().QueryRowContext(ctx, `SELECT count(*) FROM password_resets WHERE user_id = $1`, fan.ID).Scan(&links); err != nil || links != 1 {
				t.Errorf("reset links: %d %v", links, err)
			}
			if a := lastAction(); a.Action != store.ActionResetPassword || a.Key != fan.ID {
				t.Errorf("logged %+v", a)
			}
			if _, err := run("sign-out", "nobody@example.com"); err == nil || !strings.Contains(err.Error(), "No such account") {
				t.Errorf("an unknown address: %v", err)
			}
			if problems, err := st.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
				t.Errorf("verify: %v %v", problems, err)
			}
		})
	}
}
