// Package config turns flags and CASTAWAY_* environment variables into a Config.
// Every setting has a default that runs on a laptop with no configuration.
package config

import (
	"flag"
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
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
	MediaDir    string
	MediaURL    string // optional CDN base for /media
	Google      OAuthProvider
	Twitter     OAuthProvider
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
}

// Load reads args (without the program and subcommand names) and the environment.
func Load(args []string, getenv func(string) string) (*Config, error) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	var badDuration error
	envDuration := func(key string, def time.Duration) time.Duration {
		v := getenv(key)
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil {
			badDuration = fmt.Errorf("%s %q: want a duration such as 10s", key, v)
		}
		return d
	}
	c := &Config{}
	var err error
	var logLevel string
	fs := flag.NewFlagSet("castaway", flag.ContinueOnError)
	fs.StringVar(&c.Addr, "addr", env("CASTAWAY_ADDR", "127.0.0.1:8080"), "listen address (CASTAWAY_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env("CASTAWAY_DATA_DIR", "./data"), "folder for the SQLite file, media and mail outbox (CASTAWAY_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", getenv("CASTAWAY_DATABASE_URL"), "postgres:// URL, or a SQLite file path; default <data-dir>/castaway.db (CASTAWAY_DATABASE_URL)")
	fs.StringVar(&c.BaseURL, "base-url", getenv("CASTAWAY_BASE_URL"), "public URL used in mail and link previews; default http://<addr> (CASTAWAY_BASE_URL)")
	fs.StringVar(&c.SMTPURL, "smtp-url", getenv("CASTAWAY_SMTP_URL"), "smtp://user:pass@host:port for outgoing mail; empty writes mail to <data-dir>/outbox (CASTAWAY_SMTP_URL)")
	fs.StringVar(&c.MailFrom, "mail-from", env("CASTAWAY_MAIL_FROM", "Survivor Rankings <no-reply@castaway.local>"), "sender of outgoing mail (CASTAWAY_MAIL_FROM)")
	fs.StringVar(&logLevel, "log-level", env("CASTAWAY_LOG_LEVEL", "info"), "debug, info, warn or error (CASTAWAY_LOG_LEVEL)")
	fs.StringVar(&c.MediaDir, "media-dir", getenv("CASTAWAY_MEDIA_DIR"), "folder of headshots and season logos; default <data-dir>/media (CASTAWAY_MEDIA_DIR)")
	fs.StringVar(&c.MediaURL, "media-url", getenv("CASTAWAY_MEDIA_URL"), "CDN base URL that serves the media folder instead (CASTAWAY_MEDIA_URL)")
	fs.StringVar(&c.MetricsToken, "metrics-token", getenv("CASTAWAY_METRICS_TOKEN"), "bearer token /metrics requires; empty leaves it open (CASTAWAY_METRICS_TOKEN)")
	fs.DurationVar(&c.DBTimeout, "db-timeout", envDuration("CASTAWAY_DB_TIMEOUT", 10*time.Second), "longest database work of one request before it answers 503 (CASTAWAY_DB_TIMEOUT)")
	fs.DurationVar(&c.SharedReads, "shared-reads", envDuration("CASTAWAY_SHARED_READS", time.Second), "how long a page every visitor sees alike is answered from memory; 0 shares nothing (CASTAWAY_SHARED_READS)")
	if c.TrustProxy, err = parseProxies(getenv("CASTAWAY_TRUST_PROXY")); err != nil {
		return nil, fmt.Errorf("CASTAWAY_TRUST_PROXY %q: %w", getenv("CASTAWAY_TRUST_PROXY"), err)
	}
	fs.Var((*proxyList)(&c.TrustProxy), "trust-proxy", "reverse proxies whose X-Forwarded-For is believed, as --trust-proxy=10.0.0.0/8,127.0.0.1; bare, this machine's only (CASTAWAY_TRUST_PROXY)")
	fs.StringVar(&c.EventsURL, "events-url", getenv("CASTAWAY_EVENTS_URL"), "nats://host:port carries live events between processes; empty uses PostgreSQL LISTEN/NOTIFY, or stays in process on SQLite (CASTAWAY_EVENTS_URL)")
	fs.StringVar(&c.Google.ClientID, "google-client-id", getenv("CASTAWAY_GOOGLE_CLIENT_ID"), "Google OAuth client id (CASTAWAY_GOOGLE_CLIENT_ID)")
	fs.StringVar(&c.Google.ClientSecret, "google-client-secret", getenv("CASTAWAY_GOOGLE_CLIENT_SECRET"), "(CASTAWAY_GOOGLE_CLIENT_SECRET)")
	fs.StringVar(&c.Google.Issuer, "google-issuer", env("CASTAWAY_GOOGLE_ISSUER", "https://accounts.google.com"), "OpenID Connect issuer (CASTAWAY_GOOGLE_ISSUER)")
	fs.StringVar(&c.Twitter.ClientID, "twitter-client-id", getenv("CASTAWAY_TWITTER_CLIENT_ID"), "Twitter/X OAuth 2.0 client id (CASTAWAY_TWITTER_CLIENT_ID)")
	fs.StringVar(&c.Twitter.ClientSecret, "twitter-client-secret", getenv("CASTAWAY_TWITTER_CLIENT_SECRET"), "(CASTAWAY_TWITTER_CLIENT_SECRET)")
	fs.StringVar(&c.Twitter.AuthURL, "twitter-auth-url", env("CASTAWAY_TWITTER_AUTH_URL", "https://x.com/i/oauth2/authorize"), "(CASTAWAY_TWITTER_AUTH_URL)")
	fs.StringVar(&c.Twitter.TokenURL, "twitter-token-url", env("CASTAWAY_TWITTER_TOKEN_URL", "https://api.x.com/2/oauth2/token"), "(CASTAWAY_TWITTER_TOKEN_URL)")
	fs.StringVar(&c.Twitter.UserURL, "twitter-user-url", env("CASTAWAY_TWITTER_USER_URL", "https://api.x.com/2/users/me?user.fields=confirmed_email"), "(CASTAWAY_TWITTER_USER_URL)")

	fs.StringVar(&c.AdminAddr, "admin-addr", getenv("CASTAWAY_ADMIN_ADDR"), "listen address for /metrics and /debug/pprof/ only, off the public one; empty serves /metrics publicly and no pprof (CASTAWAY_ADMIN_ADDR)")

	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: a flag's value goes after '=' where the flag also stands alone, as in --trust-proxy=10.0.0.0/8", fs.Arg(0))
	}
	if badDuration != nil {
		return nil, badDuration
	}
	if c.DBTimeout <= 0 {
		return nil, fmt.Errorf("db-timeout %v: want a positive duration such as 10s", c.DBTimeout)
	}
	if c.SharedReads < 0 {
		return nil, fmt.Errorf("shared-reads %v: want 0 or a positive duration such as 1s", c.SharedReads)
	}
	if err := c.LogLevelFrom(logLevel); err != nil {
		return nil, err
	}
	if v := getenv("CASTAWAY_IDOL_CHANCE"); v != "" {
		chance, err := strconv.ParseFloat(v, 64)
		if err != nil || chance <= 0 || chance > 1 {
			return nil, fmt.Errorf("CASTAWAY_IDOL_CHANCE %q: want a number above 0 and at most 1 (for tests only)", v)
		}
		c.IdolChance = chance
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "castaway.db")
	}
	if c.MediaDir == "" {
		c.MediaDir = filepath.Join(c.DataDir, "media")
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return c, nil
}

// loopback is what a bare --trust-proxy (or CASTAWAY_TRUST_PROXY=true, the switch this
// setting once was) trusts: a proxy on this machine, the one case where trusting every
// proxy was safe, and never a stranger's X-Forwarded-For.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// parseBool reads a boolean setting: 1/0, true/false or yes/no, in any case; anything
// else is an error, so a mistyped setting stops the start rather than read as false.
func parseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes":
		return true, nil
	case "0", "false", "no":
		return false, nil
	}
	return false, fmt.Errorf("want 1/0, true/false or yes/no")
}

// parseProxies reads the trusted proxies: a comma-separated list of addresses and CIDRs,
// or a boolean (true: loopback; false or empty: none).
func parseProxies(v string) ([]netip.Prefix, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	if on, err := parseBool(v); err == nil {
		if on {
			return loopback, nil
		}
		return nil, nil
	}
	var out []netip.Prefix
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil || a.Zone() != "" {
				return nil, fmt.Errorf("%q is no address or CIDR: want a list such as 10.0.0.0/8,127.0.0.1, or true for a proxy on this machine only", f)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// proxyList is the --trust-proxy flag: a list, or alone the switch for loopback.
type proxyList []netip.Prefix

func (l *proxyList) String() string {
	if l == nil {
		return ""
	}
	parts := make([]string, len(*l))
	for i, p := range *l {
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

func (l *proxyList) Set(v string) (err error) {
	*l, err = parseProxies(v)
	return err
}

func (l *proxyList) IsBoolFlag() bool { return true }

// LogLevelFrom parses a level name.
func (c *Config) LogLevelFrom(name string) error {
	if err := c.LogLevel.UnmarshalText([]byte(name)); err != nil {
		return fmt.Errorf("log level %q: want debug, info, warn or error", name)
	}
	return nil
}

// IdolChanceOr is the idol chance set for tests, or def.
func (c *Config) IdolChanceOr(def float64) float64 {
	if c.IdolChance > 0 {
		return c.IdolChance
	}
	return def
}

// SecureCookies tells whether the public URL is HTTPS, so cookies get Secure.
func (c *Config) SecureCookies() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// FromEnv is Load with the process environment.
func FromEnv(args []string) (*Config, error) { return Load(args, os.Getenv) }
