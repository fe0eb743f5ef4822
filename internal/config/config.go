// Package config turns flags and CASTAWAY_* environment variables into a Config.
// Every setting has a default that runs on a laptop with no configuration; every value is
// checked at start, so a mistyped one stops the start with a message that names it.
package config

import (
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// OAuthProvider configures one sign-in provider. It is enabled when ClientID is set.
type OAuthProvider struct {
	ClientID     string
	ClientSecret string
	// Issuer is the OpenID Connect issuer (Google); endpoints are discovered from it.
	Issuer string
	// AuthURL, TokenURL and UserURL are used where there is no discovery (Twitter/X).
	AuthURL  string
	TokenURL string
	UserURL  string
}

// Enabled tells whether the provider can be offered.
func (p OAuthProvider) Enabled() bool { return p.ClientID != "" }

// Config is everything the server needs to start.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	BaseURL     string
	SMTPURL     string
	MailFrom    string
	LogLevel    slog.Level
	// LogFormat is "text" (the default) or "json": one JSON object a line.
	LogFormat string
	MediaDir  string
	MediaURL  string // optional CDN base for /media
	Google    OAuthProvider
	Twitter   OAuthProvider
	// TrustProxy are the reverse proxies (addresses and CIDRs) whose X-Forwarded-For is
	// read for the client address that rate limits key on; none reads only the connection.
	TrustProxy []netip.Prefix
	// EventsURL selects the event bus between processes: nats://... is NATS;
	// empty is PostgreSQL LISTEN/NOTIFY on PostgreSQL, in-process on SQLite.
	EventsURL string
	// IdolChance, from CASTAWAY_IDOL_CHANCE, replaces the product's chance of finding
	// a hidden immunity idol. It exists for tests (the journeys set 1); 0 means unset.
	IdolChance float64
	// MetricsToken, when set, is the bearer token /metrics asks for, so the public
	// listener does not show the process's figures to everyone.
	MetricsToken string
	// DBTimeout bounds the database work of one request: past it the request answers
	// 503 rather than wait on a database that hangs.
	DBTimeout time.Duration
	// SharedReads is how long a read every visitor sees alike (home, browse, a list page,
	// its comments, the community rankings) is answered from memory; 0 shares nothing.
	SharedReads time.Duration

	// AdminAddr, when set, is a listen address of its own for /metrics and
	// /debug/pprof/ (kept off the public one); empty keeps /metrics public and no pprof.
	AdminAddr string

	// BackupDir, when set, is where serve writes a SQLite backup every BackupEvery,
	// keeping the newest BackupKeep.
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int

	// shown is every setting as it was resolved, for `castaway config`.
	shown []Shown
	// warnings are settings that work but are likely wrong.
	warnings []string
}

// Shown is one effective setting: its variable, its value (secrets masked) and where it
// came from ("default", "env", or "flag --name").
type Shown struct {
	Env, Value, From string
}

// AddFlags defines the settings' flags on fs: all of them, or those named.
func AddFlags(fs *pflag.FlagSet, names ...string) {
	for _, s := range settings {
		if s.flag == "" || len(names) > 0 && !slices.Contains(names, s.flag) {
			continue
		}
		usage := s.usage + " (" + s.env + ")"
		fs.String(s.flag, s.def, usage)
		if s.bare != "" {
			fs.Lookup(s.flag).NoOptDefVal = s.bare
		}
	}
}

// DatabaseFlags are the settings that find the database, which every maintenance
// command takes.
var DatabaseFlags = []string{"data-dir", "database-url"}

// FromFlags resolves every setting: a flag set on fs, else its CASTAWAY_* variable, else
// its default; then checks them together.
func FromFlags(fs *pflag.FlagSet, getenv func(string) string) (*Config, error) {
	c := &Config{}
	for _, s := range settings {
		v, from := s.def, "default"
		if e := getenv(s.env); e != "" {
			v, from = e, "env"
		}
		origin := s.env
		if f := fs.Lookup(s.flag); s.flag != "" && f != nil && f.Changed {
			v, from, origin = f.Value.String(), "flag --"+s.flag, "--"+s.flag
		}
		if err := s.set(c, v); err != nil {
			return nil, fmt.Errorf("%s %q: %w", origin, v, err)
		}
		c.shown = append(c.shown, Shown{Env: s.env, Value: v, From: from})
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	for i, s := range settings {
		c.shown[i].Value = mask(s, s.get(c))
	}
	return c, nil
}

// Load reads args (flags only, without the program and subcommand names) and the
// environment. Flags may be written -name or --name.
func Load(args []string, getenv func(string) string) (*Config, error) {
	fs := pflag.NewFlagSet("castaway", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	AddFlags(fs)
	if err := fs.Parse(DoubleDash(args, func(name string) bool { return fs.Lookup(name) != nil })); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, UnexpectedArgument(fs.Arg(0))
	}
	return FromFlags(fs, getenv)
}

// UnexpectedArgument is the error for a word among the settings' flags that is none:
// most often a list after the bare --trust-proxy.
func UnexpectedArgument(arg string) error {
	return fmt.Errorf("unexpected argument %q: a flag's value goes after '=' where the flag also stands alone, as in --trust-proxy=10.0.0.0/8", arg)
}

// DoubleDash rewrites the single-dash long flags the standard flag package accepted
// (-data-dir x) as --data-dir x, for the flags isFlag knows; other words are left alone
// (a negative number, a value). It stops at "--".
func DoubleDash(args []string, isFlag func(name string) bool) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		if name, _, _ := strings.Cut(a[1:], "="); isFlag(name) {
			out[i] = "-" + a
		}
	}
	return out
}

// Shown is every effective setting, in order, with secrets masked.
func (c *Config) Shown() []Shown { return c.shown }

// Warnings are settings that work but are likely wrong, for the log at start.
func (c *Config) Warnings() []string { return c.warnings }

// IdolChanceOr is the idol chance set for tests, or def.
func (c *Config) IdolChanceOr(def float64) float64 {
	if c.IdolChance > 0 {
		return c.IdolChance
	}
	return def
}

// SecureCookies tells whether the public URL is HTTPS, so cookies get Secure.
func (c *Config) SecureCookies() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// IsPostgres tells whether the database URL selects PostgreSQL.
func (c *Config) IsPostgres() bool {
	return strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://")
}

// finish fills the defaults that follow from other settings and checks the settings
// that depend on each other.
func (c *Config) finish() error {
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "castaway.db")
	}
	if c.MediaDir == "" {
		c.MediaDir = filepath.Join(c.DataDir, "media")
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	public, wildcard := listenerKind(c.Addr)
	if c.BaseURL == "" {
		c.BaseURL = defaultBaseURL(c.Addr, wildcard)
		if public {
			c.warnings = append(c.warnings, fmt.Sprintf("listening on %s, reachable from other machines, with no base URL: links in mail and link previews say %s, "+
				"which people elsewhere cannot open; set CASTAWAY_BASE_URL (--base-url) to the address they use, such as https://rankings.example.com", c.Addr, c.BaseURL))
		}
	}
	if c.BackupDir != "" && c.IsPostgres() {
		return fmt.Errorf("--backup-dir (CASTAWAY_BACKUP_DIR) takes SQLite backups; back up PostgreSQL with pg_dump -Fc (see docs/operating.md)")
	}
	return nil
}
