package config

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDefaultsNeedNoConfiguration(t *testing.T) {
	c, err := Load(nil, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || c.DatabaseURL != filepath.Join("data", "castaway.db") {
		t.Fatalf("defaults: %+v", c)
	}
	if c.BaseURL != "http://127.0.0.1:8080" || c.SecureCookies() || c.Google.Enabled() || c.Twitter.Enabled() {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestFlagsOverrideEnv(t *testing.T) {
	env := map[string]string{"CASTAWAY_ADDR": ":9000", "CASTAWAY_LOG_LEVEL": "debug", "CASTAWAY_BASE_URL": "https://survivor.example/"}
	c, err := Load([]string{"-addr", ":7000"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":7000" || c.LogLevel != slog.LevelDebug || c.BaseURL != "https://survivor.example" || !c.SecureCookies() {
		t.Fatalf("got %+v", c)
	}
}

func TestBadLogLevel(t *testing.T) {
	if _, err := Load([]string{"-log-level", "loud"}, func(string) string { return "" }); err == nil {
		t.Fatal("want an error")
	}
}

func TestEventsURL(t *testing.T) {
	c, err := Load(nil, func(string) string { return "" })
	if err != nil || c.EventsURL != "" {
		t.Fatalf("default events url %q, %v: want empty (the database's own bus)", c.EventsURL, err)
	}
	env := map[string]string{"CASTAWAY_EVENTS_URL": "nats://bus:4222"}
	if c, _ = Load(nil, func(k string) string { return env[k] }); c.EventsURL != "nats://bus:4222" {
		t.Fatalf("env: %q", c.EventsURL)
	}
	if c, _ = Load([]string{"-events-url", "nats://other:4222"}, func(k string) string { return env[k] }); c.EventsURL != "nats://other:4222" {
		t.Fatalf("flag: %q", c.EventsURL)
	}
}

func TestDBTimeout(t *testing.T) {
	c, err := Load(nil, func(string) string { return "" })
	if err != nil || c.DBTimeout != 10*time.Second {
		t.Fatalf("default: %v %v", c, err)
	}
	c, err = Load(nil, func(k string) string { return map[string]string{"CASTAWAY_DB_TIMEOUT": "2500ms"}[k] })
	if err != nil || c.DBTimeout != 2500*time.Millisecond {
		t.Fatalf("from the environment: %v %v", c, err)
	}
	for _, bad := range []string{"soon", "0s", "-1s"} {
		if _, err := Load(nil, func(k string) string { return map[string]string{"CASTAWAY_DB_TIMEOUT": bad}[k] }); err == nil {
			t.Errorf("CASTAWAY_DB_TIMEOUT=%s was accepted", bad)
		}
	}
}

func TestTrustProxy(t *testing.T) {
	load := func(args []string, v string) (*Config, error) {
		return Load(args, func(k string) string { return map[string]string{"CASTAWAY_TRUST_PROXY": v}[k] })
	}
	trusted := func(c *Config) string {
		if c == nil {
			return "nothing"
		}
		return fmt.Sprint(c.TrustProxy)
	}
	loopback := "[127.0.0.0/8 ::1/128]"
	for v, want := range map[string]string{
		"":                             "[]",
		"10.0.0.0/8,127.0.0.1":         "[10.0.0.0/8 127.0.0.1/32]",
		" 10.0.0.0/8 , 2001:db8::/32 ": "[10.0.0.0/8 2001:db8::/32]",
		"10.1.2.3/8":                   "[10.0.0.0/8]",
		"::1":                          "[::1/128]",
		"1":                            loopback,
		"true":                         loopback,
		"TRUE":                         loopback,
		"yes":                          loopback,
		"0":                            "[]",
		"false":                        "[]",
		"no":                           "[]",
	} {
		c, err := load(nil, v)
		if got := trusted(c); err != nil || got != want {
			t.Errorf("CASTAWAY_TRUST_PROXY=%q: %s %v, want %s", v, got, err, want)
		}
	}
	for _, bad := range []string{"maybe", "10.0.0.0/33", "10.0.0.0/8,,127.0.0.1", "10.0.0.0/8,proxy.local", "on"} {
		_, err := load(nil, bad)
		if err == nil || !strings.Contains(err.Error(), "CASTAWAY_TRUST_PROXY") || !strings.Contains(err.Error(), "10.0.0.0/8,127.0.0.1") {
			t.Errorf("CASTAWAY_TRUST_PROXY=%q: %v, want an error naming the variable and showing the form", bad, err)
		}
	}
	for args, want := range map[string]string{
		"--trust-proxy":                   loopback,
		"--trust-proxy=false":             "[]",
		"--trust-proxy=192.0.2.1,::1/128": "[192.0.2.1/32 ::1/128]",
	} {
		c, err := load(strings.Fields(args), "10.0.0.0/8")
		if got := trusted(c); err != nil || got != want {
			t.Errorf("%s: %s %v, want %s", args, got, err, want)
		}
	}
	if _, err := load([]string{"--trust-proxy=maybe"}, ""); err == nil || !strings.Contains(err.Error(), "trust-proxy") {
		t.Errorf("--trust-proxy=maybe: %v, want an error naming the flag", err)
	}
	// "--trust-proxy 10.0.0.0/8" would be the bare switch and a stray argument: refused.
	if _, err := load([]string{"--trust-proxy", "10.0.0.0/8"}, ""); err == nil || !strings.Contains(err.Error(), "--trust-proxy=") {
		t.Errorf("--trust-proxy 10.0.0.0/8: %v, want an error showing --trust-proxy=LIST", err)
	}
}

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// Values that would start a server doing the wrong thing stop the start, naming the
// setting: a database URL of another engine (it once became a SQLite file called
// "mysql:/foo@bar/db"), a base URL that is not absolute, a log format, a listen address.
func TestInvalidSettingsStopTheStart(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--database-url", "mysql://foo@bar/db"}, nil, `--database-url "mysql://foo@bar/db": unknown database scheme "mysql"`},
		{nil, map[string]string{"CASTAWAY_DATABASE_URL": "mongodb://x/y"}, `CASTAWAY_DATABASE_URL "mongodb://x/y": unknown database scheme`},
		{[]string{"--base-url", "rankings.example.com"}, nil, `--base-url "rankings.example.com": want the absolute public URL`},
		{nil, map[string]string{"CASTAWAY_BASE_URL": "/survivor"}, `CASTAWAY_BASE_URL "/survivor": want the absolute public URL`},
		{nil, map[string]string{"CASTAWAY_LOG_FORMAT": "xml"}, `CASTAWAY_LOG_FORMAT "xml": want text or json`},
		{[]string{"--addr", "8080"}, nil, `--addr "8080": want host:port`},
		{nil, map[string]string{"CASTAWAY_TRUST_PROXY": "maybe"}, `CASTAWAY_TRUST_PROXY "maybe"`},
		{[]string{"--backup-keep", "0"}, nil, `--backup-keep "0": want a whole number, at least 1`},
		{[]string{"--backup-dir", "/backups", "--database-url", "postgres://u@h/db"}, nil, "back up PostgreSQL with pg_dump"},
	} {
		_, err := Load(tc.args, envOf(tc.env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want %q", tc.args, tc.env, err, tc.want)
		}
	}
	for _, ok := range []string{"postgres://u:p@h:5432/db?sslmode=disable", "postgresql://h/db", "sqlite:///var/lib/castaway.db", "data/castaway.db", "/abs/castaway.db"} {
		if _, err := Load([]string{"--database-url", ok}, envOf(nil)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// A listener other machines reach, with no base URL, starts with a warning, and its links
// never name 0.0.0.0 (an address no browser can open); a loopback one has no warning.
func TestPublicListenerWithoutBaseURL(t *testing.T) {
	for addr, want := range map[string]string{"0.0.0.0:8080": "http://localhost:8080", ":9000": "http://localhost:9000", "[::]:8080": "http://localhost:8080", "192.0.2.7:8080": "http://192.0.2.7:8080"} {
		c, err := Load([]string{"--addr", addr}, envOf(nil))
		if err != nil {
			t.Fatal(err)
		}
		if c.BaseURL != want || strings.Contains(c.BaseURL, "0.0.0.0") {
			t.Errorf("%s: base URL %s, want %s", addr, c.BaseURL, want)
		}
		if w := c.Warnings(); len(w) != 1 || !strings.Contains(w[0], "CASTAWAY_BASE_URL") || !strings.Contains(w[0], want) {
			t.Errorf("%s: warnings %q", addr, w)
		}
	}
	for _, tc := range []struct {
		addr string
		env  map[string]string
	}{{"127.0.0.1:8080", nil}, {"localhost:8080", nil}, {"[::1]:8080", nil}, {"0.0.0.0:8080", map[string]string{"CASTAWAY_BASE_URL": "https://rankings.example.com"}}} {
		c, err := Load([]string{"--addr", tc.addr}, envOf(tc.env))
		if err != nil || len(c.Warnings()) != 0 {
			t.Errorf("%s %v: %v %q, want no warning", tc.addr, tc.env, err, c.Warnings())
		}
	}
}

// Every setting is shown with where it came from, secrets masked, and the single-dash
// flags of the standard flag package still read.
func TestShownSettings(t *testing.T) {
	env := map[string]string{"CASTAWAY_SMTP_URL": "smtp://mailer:hunter2@mail.example:587", "CASTAWAY_GOOGLE_CLIENT_SECRET": "g-secret",
		"CASTAWAY_METRICS_TOKEN": "m-token", "CASTAWAY_LOG_FORMAT": "json"}
	c, err := Load([]string{"-database-url", "postgres://app:s3cret@db:5432/castaway", "--twitter-client-secret=tw-pw-42"}, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	if c.LogFormat != "json" {
		t.Errorf("log format %q", c.LogFormat)
	}
	got := map[string]Shown{}
	var all strings.Builder
	for _, s := range c.Shown() {
		got[s.Env] = s
		fmt.Fprintln(&all, s.Env, s.Value, s.From)
	}
	for _, secret := range []string{"hunter2", "g-secret", "m-token", "s3cret", "tw-pw-42"} {
		if strings.Contains(all.String(), secret) {
			t.Errorf("secret %q shown:\n%s", secret, all.String())
		}
	}
	for env, want := range map[string]Shown{
		"CASTAWAY_ADDR":                  {"CASTAWAY_ADDR", "127.0.0.1:8080", "default"},
		"CASTAWAY_DATABASE_URL":          {"CASTAWAY_DATABASE_URL", "postgres://app:********@db:5432/castaway", "flag --database-url"},
		"CASTAWAY_SMTP_URL":              {"CASTAWAY_SMTP_URL", "smtp://mailer:********@mail.example:587", "env"},
		"CASTAWAY_METRICS_TOKEN":         {"CASTAWAY_METRICS_TOKEN", "********", "env"},
		"CASTAWAY_TWITTER_CLIENT_SECRET": {"CASTAWAY_TWITTER_CLIENT_SECRET", "********", "flag --twitter-client-secret"},
		"CASTAWAY_BASE_URL":              {"CASTAWAY_BASE_URL", "http://127.0.0.1:8080", "default"},
		"CASTAWAY_LOG_FORMAT":            {"CASTAWAY_LOG_FORMAT", "json", "env"},
	} {
		if got[env] != want {
			t.Errorf("%s shown as %+v, want %+v", env, got[env], want)
		}
	}
}
