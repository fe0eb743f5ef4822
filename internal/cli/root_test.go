package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/app"
	"castaway/internal/store"
)

// run is the command line with env, giving its stdout, stderr and exit status.
func run(env map[string]string, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = Main(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Getenv: func(k string) string { return env[k] }})
	return out.String(), errOut.String(), code
}

// Help lists the commands (not serve's flags), for the whole tree and for each command,
// however asked; --version and version print the version.
func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		out, errOut, code := run(nil, args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Available Commands:") || strings.Contains(out, "Usage of castaway") {
			t.Errorf("%v: %d\n%s%s", args, code, out, errOut)
		}
		for _, cmd := range []string{"serve", "migrate", "config", "backup", "restore", "verify", "users", "polls", "demo-data", "import-firestore", "healthcheck", "version"} {
			if !strings.Contains(out, "\n  "+cmd+" ") {
				t.Errorf("%v does not list %s", args, cmd)
			}
		}
	}
	for _, args := range [][]string{{"help", "backup"}, {"backup", "-h"}, {"backup", "--help"}} {
		out, _, code := run(nil, args...)
		if code != 0 || !strings.Contains(out, "castaway backup [flags] FILE") || !strings.Contains(out, "PRAGMA integrity_check") || !strings.Contains(out, "--database-url") {
			t.Errorf("%v: %d\n%s", args, code, out)
		}
	}
	if out, _, code := run(nil, "users", "suspend", "-h"); code != 0 || !strings.Contains(out, "--reason") {
		t.Errorf("users suspend -h: %d\n%s", code, out)
	}
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		if out, errOut, code := run(nil, args...); code != 0 || out != app.Version+"\n" {
			t.Errorf("%v: %d %q %q", args, code, out, errOut)
		}
	}
}

// A command called wrongly prints one line saying what is wrong and one pointing to the
// command's help, nothing else, and exits 2.
func TestUsageErrorsAreOneLineAndAHint(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		help string
	}{
		{[]string{"serve", "--nope"}, "castaway: unknown flag: --nope", "castaway serve"},
		{[]string{"--nope"}, "castaway: unknown flag: --nope", "castaway serve"},
		{[]string{"backup", "--verbose", "x.db"}, "castaway: unknown flag: --verbose", "castaway backup"},
		{[]string{"frobnicate"}, `castaway: unknown command "frobnicate"`, "castaway"},
		{[]string{"bakup", "x.db"}, `castaway: unknown command "bakup" (did you mean "backup"?)`, "castaway"},
		{[]string{"backup"}, "castaway: name one file to write", "castaway backup"},
		{[]string{"users", "promote", "x"}, `castaway: users: unknown subcommand "promote"`, "castaway users"},
		{[]string{"polls"}, "castaway: polls: name a subcommand", "castaway polls"},
		// Help about what does not exist is a typo too, however asked.
		{[]string{"help", "nosuch"}, `castaway: unknown command "nosuch"`, "castaway"},
		{[]string{"help", "users", "nosuch"}, `castaway: users: unknown subcommand "nosuch"`, "castaway users"},
		{[]string{"nosuch", "sub", "--help"}, `castaway: unknown command "nosuch"`, "castaway"},
		{[]string{"users", "nosuch", "--help"}, `castaway: users: unknown subcommand "nosuch"`, "castaway users"},
		{[]string{"help", "bakup"}, `castaway: unknown command "bakup" (did you mean "backup"?)`, "castaway"},
		{[]string{"serve", "--db-timeout", "soon"}, `castaway: --db-timeout "soon": want a duration`, "castaway serve"},
		{[]string{"serve", "--database-url", "mysql://foo@bar/db"}, `castaway: --database-url "mysql://foo@bar/db": unknown database scheme "mysql"`, "castaway serve"},
		{[]string{"serve", "--base-url", "rankings.example.com"}, `castaway: --base-url "rankings.example.com": want the absolute public URL`, "castaway serve"},
		{[]string{"serve", "--trust-proxy", "10.0.0.0/8"}, `castaway: unexpected argument "10.0.0.0/8"`, "castaway serve"},
	} {
		out, errOut, code := run(nil, tc.args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != ExitUsage || out != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], tc.want) ||
			lines[1] != "Run '"+tc.help+" --help' for usage." {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s", tc.args, code, out, errOut)
		}
	}
	// A variable is checked as its flag is.
	if _, errOut, code := run(map[string]string{"CASTAWAY_LOG_FORMAT": "yaml"}, "config"); code != ExitUsage || !strings.Contains(errOut, `CASTAWAY_LOG_FORMAT "yaml": want text or json`) {
		t.Errorf("CASTAWAY_LOG_FORMAT=yaml: %d %s", code, errOut)
	}
}

// The database URL of another engine stops serve before it makes anything: no SQLite file
// named after the URL (as mysql:/foo@bar/db once was).
func TestUnknownDatabaseSchemeMakesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if _, _, code := run(nil, "serve", "--data-dir", dir, "--database-url", "mysql://foo@bar/db"); code != ExitUsage {
		t.Fatalf("exit %d", code)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("made %v", entries)
	}
}

// config prints every setting with its value and source, secrets masked, and the
// warning serve would give.
func TestConfigCommand(t *testing.T) {
	env := map[string]string{"CASTAWAY_SMTP_URL": "smtp://mailer:hunter2@mail.example:587", "CASTAWAY_METRICS_TOKEN": "m-token-9"}
	out, errOut, code := run(env, "config", "--addr", "0.0.0.0:8080", "--database-url", "postgres://app:pw-s3cret@db/castaway")
	if code != 0 {
		t.Fatalf("%d %s", code, errOut)
	}
	for _, want := range []string{
		"CASTAWAY_ADDR", "0.0.0.0:8080", "flag --addr",
		"smtp://mailer:********@mail.example:587", "CASTAWAY_LOG_FORMAT", "text", "default",
		"postgres://app:********@db/castaway",
		"warning: listening on 0.0.0.0:8080", "http://localhost:8080",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("config lacks %q:\n%s", want, out)
		}
	}
	for _, secret := range []string{"hunter2", "m-token-9", "pw-s3cret"} {
		if strings.Contains(out, secret) {
			t.Errorf("config shows the secret %q:\n%s", secret, out)
		}
	}
}

// backup never makes a database: a mistyped data folder is an error, and leaves neither a
// database nor a copy behind.
func TestBackupOfAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo")
	dest := filepath.Join(dir, "x.db")
	out, errOut, code := run(nil, "backup", "--data-dir", typo, dest)
	if code != ExitFailure || strings.Contains(out, "backed up") || !strings.Contains(errOut, "no database at") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	for _, p := range []string{typo, dest} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists after the failed backup: %v", p, err)
		}
	}
}

// migrate --dry-run lists what would run and runs nothing; a database migrated by a newer
// castaway is refused with a clear message, on both engines.
func TestMigrateDryRunAndNewerSchema(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			dir := t.TempDir()
			if name == "sqlite" {
				out, errOut, code := run(nil, "migrate", "--dry-run", "--data-dir", dir, "--database-url", db)
				if code != 0 || !strings.Contains(out, "every migration would run") || !strings.Contains(out, "0001_") {
					t.Fatalf("dry run on no database: %d\n%s%s", code, out, errOut)
				}
				if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("the dry run made the database: %v", err)
				}
			}
			if out, errOut, code := run(nil, "migrate", "--data-dir", dir, "--database-url", db); code != 0 {
				t.Fatalf("migrate: %d\n%s%s", code, out, errOut)
			}
			ctx := context.Background()
			st, err := store.Open(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			latest := store.LatestSchema(st.Dialect())
			if _, err := st.DB().ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = $1`, latest); err != nil {
				t.Fatal(err)
			}
			out, errOut, code := run(nil, "migrate", "--dry-run", "--data-dir", dir, "--database-url", db)
			if code != 0 || !strings.Contains(out, "1 migration(s) would run") || strings.Count(out, "\n  ") != 1 {
				t.Fatalf("dry run with one pending: %d\n%s%s", code, out, errOut)
			}
			if pending, _ := st.Pending(ctx); len(pending) != 1 {
				t.Fatalf("the dry run applied something: %v", pending)
			}
			if _, err := st.DB().ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, 0), ($2, 0)`, latest, latest+5); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"migrate"}, {"migrate", "--dry-run"}, {"verify"}} {
				_, errOut, code := run(nil, append(args, "--data-dir", dir, "--database-url", db)...)
				if code != ExitFailure || !strings.Contains(errOut, "this database was migrated by a newer castaway") {
					t.Errorf("%v on a newer schema: %d %s", args, code, errOut)
				}
			}
		})
	}
}

// backup, run by a newer binary before an upgrade, leaves the live database's schema as
// it is, and writes a private, checked copy.
func TestBackupCommandDoesNotMigrate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "castaway.db")
	st, err := openDB(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.DB().ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = $1`, store.LatestSchema(store.SQLite)); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "copy.db")
	out, errOut, code := run(nil, "backup", "--data-dir", dir, dest)
	if code != 0 || !strings.Contains(out, "backed up") || !strings.Contains(out, "integrity ok") {
		t.Fatalf("backup: %d\n%s%s", code, out, errOut)
	}
	if p, err := st.Pending(ctx); err != nil || len(p) != 1 {
		t.Errorf("pending after the backup: %v %v, want the one migration still pending", p, err)
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy: %v %v, want mode 0600", fi, err)
	}
}
