package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"castaway/internal/store"
)

func users(ctx context.Context, args []string, out, errOut *bytes.Buffer) error {
	return UsersMain(ctx, args, out, errOut, noEnv)
}

// An operator makes an account an admin by its email, and takes it back.
func TestUsersAdminCommand(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			ctx := context.Background()
			st, err := (&dbFlags{databaseURL: db}).open(ctx, noEnv)
			if err != nil {
				t.Fatal(err)
			}
			u := &store.User{ID: "u-mod", Email: "Mod@Example.com", DisplayName: "Mod", CreatedAt: time.Now()}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			st.Close()
			isAdmin := func() bool {
				t.Helper()
				st, err := (&dbFlags{databaseURL: db}).open(ctx, noEnv)
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
			if out, err := runCmd(t, users, "grant-admin", "-database-url", db, "mod@example.com"); err != nil || !strings.Contains(out, "may now moderate") {
				t.Fatalf("grant: %v\n%s", err, out)
			}
			if !isAdmin() {
				t.Error("not an admin after grant-admin")
			}
			if out, err := runCmd(t, users, "revoke-admin", "-database-url", db, "MOD@example.com"); err != nil || !strings.Contains(out, "no longer") {
				t.Fatalf("revoke: %v\n%s", err, out)
			}
			if isAdmin() {
				t.Error("still an admin after revoke-admin")
			}
			if _, err := runCmd(t, users, "grant-admin", "-database-url", db, "nobody@example.com"); err == nil || !strings.Contains(err.Error(), "no account") {
				t.Errorf("granting an unknown email: %v", err)
			}
			if _, err := runCmd(t, users, "promote", "x"); err == nil {
				t.Error("an unknown subcommand passed")
			}
		})
	}
}
