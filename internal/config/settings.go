package config

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// setting is one configurable value: its flag (none for test-only settings), variable,
// default, help, how it is read into a Config and read back for `castaway config`.
type setting struct {
	flag, env, def, usage string
	// bare is the value of the flag written alone (--trust-proxy); "" needs a value.
	bare string
	// secret settings are masked when shown: wholly, or a URL's password only.
	secret secrecy
	set    func(c *Config, v string) error
	get    func(c *Config) string
}

type secrecy int

const (
	public secrecy = iota
	secretValue
	secretPassword // a URL whose password is masked
)

func str(field func(c *Config) *string) (func(*Config, string) error, func(*Config) string) {
	return func(c *Config, v string) error { *field(c) = v; return nil },
		func(c *Config) string { return *field(c) }
}

func stringSetting(flag, env, def, usage string, s secrecy, field func(c *Config) *string) setting {
	set, get := str(field)
	return setting{flag: flag, env: env, def: def, usage: usage, secret: s, set: set, get: get}
}

// checked is a string setting whose value is checked first (an empty value is unset).
func checked(st setting, check func(v string) error) setting {
	set := st.set
	st.set = func(c *Config, v string) error {
		if v != "" {
			if err := check(v); err != nil {
				return err
			}
		}
		return set(c, v)
	}
	return st
}

func durationSetting(flag, env, def, usage string, min time.Duration, field func(c *Config) *time.Duration) setting {
	return setting{flag: flag, env: env, def: def, usage: usage,
		set: func(c *Config, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil {
				return fmt.Errorf("want a duration such as 10s")
			}
			if d < min {
				return fmt.Errorf("want a positive duration such as 10s")
			}
			*field(c) = d
			return nil
		},
		get: func(c *Config) string { return field(c).String() }}
}

var settings = []setting{
	checked(stringSetting("addr", "CASTAWAY_ADDR", "127.0.0.1:8080", "listen address", public, func(c *Config) *string { return &c.Addr }), checkAddr),
	stringSetting("data-dir", "CASTAWAY_DATA_DIR", "./data", "folder for the SQLite file, media and mail outbox", public, func(c *Config) *string { return &c.DataDir }),
	checked(stringSetting("database-url", "CASTAWAY_DATABASE_URL", "", "postgres:// URL, or a SQLite file path (or sqlite://PATH); default <data-dir>/castaway.db", secretPassword, func(c *Config) *string { return &c.DatabaseURL }), checkDatabaseURL),
	checked(stringSetting("base-url", "CASTAWAY_BASE_URL", "", "public URL used in mail and link previews, as https://rankings.example.com; default http://<addr> (http://localhost:<port> for a wildcard address)", public, func(c *Config) *string { return &c.BaseURL }), checkBaseURL),
	stringSetting("smtp-url", "CASTAWAY_SMTP_URL", "", "smtp://user:pass@host:port for outgoing mail; empty writes mail to <data-dir>/outbox", secretPassword, func(c *Config) *string { return &c.SMTPURL }),
	stringSetting("mail-from", "CASTAWAY_MAIL_FROM", "Survivor Rankings <no-reply@castaway.local>", "sender of outgoing mail", public, func(c *Config) *string { return &c.MailFrom }),
	{flag: "log-level", env: "CASTAWAY_LOG_LEVEL", def: "info", usage: "debug, info, warn or error",
		set: func(c *Config, v string) error {
			if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
				return fmt.Errorf("want debug, info, warn or error")
			}
			return nil
		},
		get: func(c *Config) string { return strings.ToLower(c.LogLevel.String()) }},
	{flag: "log-format", env: "CASTAWAY_LOG_FORMAT", def: "text", usage: "text, or json for one JSON object a line",
		set: func(c *Config, v string) error {
			if v != "text" && v != "json" {
				return fmt.Errorf("want text or json")
			}
			c.LogFormat = v
			return nil
		},
		get: func(c *Config) string { return c.LogFormat }},
	stringSetting("media-dir", "CASTAWAY_MEDIA_DIR", "", "folder of headshots and season logos; default <data-dir>/media", public, func(c *Config) *string { return &c.MediaDir }),
	checked(stringSetting("media-url", "CASTAWAY_MEDIA_URL", "", "CDN base URL that serves the media folder instead", public, func(c *Config) *string { return &c.MediaURL }), checkAbsoluteURL),
	stringSetting("metrics-token", "CASTAWAY_METRICS_TOKEN", "", "bearer token /metrics requires; empty leaves it open", secretValue, func(c *Config) *string { return &c.MetricsToken }),
	durationSetting("db-timeout", "CASTAWAY_DB_TIMEOUT", "10s", "longest database work of one request before it answers 503", time.Nanosecond, func(c *Config) *time.Duration { return &c.DBTimeout }),
	durationSetting("shared-reads", "CASTAWAY_SHARED_READS", "1s", "how long a page every visitor sees alike is answered from memory; 0 shares nothing", 0, func(c *Config) *time.Duration { return &c.SharedReads }),
	{flag: "trust-proxy", env: "CASTAWAY_TRUST_PROXY", bare: "true",
		usage: "reverse proxies whose X-Forwarded-For is believed, as --trust-proxy=10.0.0.0/8,127.0.0.1; bare, this machine's only",
		set: func(c *Config, v string) (err error) {
			c.TrustProxy, err = parseProxies(v)
			return err
		},
		get: func(c *Config) string {
			parts := make([]string, len(c.TrustProxy))
			for i, p := range c.TrustProxy {
				parts[i] = p.String()
			}
			return strings.Join(parts, ",")
		}},
	checked(stringSetting("events-url", "CASTAWAY_EVENTS_URL", "", "nats://host:port carries live events between processes; empty uses PostgreSQL LISTEN/NOTIFY, or stays in process on SQLite", secretPassword, func(c *Config) *string { return &c.EventsURL }), checkEventsURL),
	stringSetting("google-client-id", "CASTAWAY_GOOGLE_CLIENT_ID", "", "Google OAuth client id", public, func(c *Config) *string { return &c.Google.ClientID }),
	stringSetting("google-client-secret", "CASTAWAY_GOOGLE_CLIENT_SECRET", "", "Google OAuth client secret", secretValue, func(c *Config) *string { return &c.Google.ClientSecret }),
	checked(stringSetting("google-issuer", "CASTAWAY_GOOGLE_ISSUER", "https://accounts.google.com", "OpenID Connect issuer", public, func(c *Config) *string { return &c.Google.Issuer }), checkAbsoluteURL),
	stringSetting("twitter-client-id", "CASTAWAY_TWITTER_CLIENT_ID", "", "Twitter/X OAuth 2.0 client id", public, func(c *Config) *string { return &c.Twitter.ClientID }),
	stringSetting("twitter-client-secret", "CASTAWAY_TWITTER_CLIENT_SECRET", "", "Twitter/X OAuth 2.0 client secret", secretValue, func(c *Config) *string { return &c.Twitter.ClientSecret }),
	checked(stringSetting("twitter-auth-url", "CASTAWAY_TWITTER_AUTH_URL", "https://x.com/i/oauth2/authorize", "Twitter/X authorization endpoint", public, func(c *Config) *string { return &c.Twitter.AuthURL }), checkAbsoluteURL),
	checked(stringSetting("twitter-token-url", "CASTAWAY_TWITTER_TOKEN_URL", "https://api.x.com/2/oauth2/token", "Twitter/X token endpoint", public, func(c *Config) *string { return &c.Twitter.TokenURL }), checkAbsoluteURL),
	checked(stringSetting("twitter-user-url", "CASTAWAY_TWITTER_USER_URL", "https://api.x.com/2/users/me?user.fields=confirmed_email", "Twitter/X user endpoint", public, func(c *Config) *string { return &c.Twitter.UserURL }), checkAbsoluteURL),
	checked(stringSetting("admin-addr", "CASTAWAY_ADMIN_ADDR", "", "listen address for /metrics and /debug/pprof/ only, off the public one; empty serves /metrics publicly and no pprof", public, func(c *Config) *string { return &c.AdminAddr }), checkAddr),
	stringSetting("backup-dir", "CASTAWAY_BACKUP_DIR", "", "folder serve writes a SQLite backup to every --backup-every (castaway-<UTC time>.db); empty takes none", public, func(c *Config) *string { return &c.BackupDir }),
	durationSetting("backup-every", "CASTAWAY_BACKUP_EVERY", "24h", "time between scheduled backups", time.Nanosecond, func(c *Config) *time.Duration { return &c.BackupEvery }),
	{flag: "backup-keep", env: "CASTAWAY_BACKUP_KEEP", def: "7", usage: "scheduled backups kept (the newest); older ones are deleted",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("want a whole number, at least 1")
			}
			c.BackupKeep = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.BackupKeep) }},
	{env: "CASTAWAY_IDOL_CHANCE", usage: "for tests only",
		set: func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			chance, err := strconv.ParseFloat(v, 64)
			if err != nil || chance <= 0 || chance > 1 {
				return fmt.Errorf("want a number above 0 and at most 1 (for tests only)")
			}
			c.IdolChance = chance
			return nil
		},
		get: func(c *Config) string {
			if c.IdolChance == 0 {
				return ""
			}
			return strconv.FormatFloat(c.IdolChance, 'g', -1, 64)
		}},
}

func checkAddr(v string) error {
	if _, _, err := net.SplitHostPort(v); err != nil {
		return fmt.Errorf("want host:port, such as 127.0.0.1:8080 or :8080")
	}
	return nil
}

// checkDatabaseURL accepts postgres:// and postgresql:// URLs, sqlite://PATH and plain
// file paths; any other scheme is a mistake (it would become a strange file name).
func checkDatabaseURL(v string) error {
	scheme, _, ok := strings.Cut(v, "://")
	if !ok {
		return nil // a file path
	}
	switch scheme {
	case "postgres", "postgresql":
		if _, err := url.Parse(v); err != nil {
			return fmt.Errorf("not a URL: %v", err)
		}
		return nil
	case "sqlite":
		return nil
	}
	return fmt.Errorf("unknown database scheme %q: want postgres://user:pass@host/db, sqlite://PATH or a SQLite file path", scheme)
}

func checkBaseURL(v string) error {
	if err := checkAbsoluteURL(v); err != nil {
		return fmt.Errorf("want the absolute public URL, such as https://rankings.example.com")
	}
	return nil
}

func checkAbsoluteURL(v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("want an absolute http:// or https:// URL")
	}
	return nil
}

func checkEventsURL(v string) error {
	if !strings.HasPrefix(v, "nats://") && !strings.HasPrefix(v, "tls://") {
		return fmt.Errorf("want nats://host:port, or empty for the database's own bus")
	}
	return nil
}

// listenerKind tells whether addr is reachable from other machines (any host but a
// loopback address or localhost), and whether it listens on every address.
func listenerKind(addr string) (public, wildcard bool) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, false
	}
	if host == "" {
		return true, true
	}
	if strings.EqualFold(host, "localhost") {
		return false, false
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return true, false // a name other machines may resolve to this one
	}
	return !ip.IsLoopback(), ip.IsUnspecified()
}

// defaultBaseURL is the base URL when none is set: the listen address, except that a
// wildcard one (0.0.0.0, [::], :8080) names no host a link could reach, so links say
// localhost, which at least works on this machine.
func defaultBaseURL(addr string, wildcard bool) string {
	if wildcard {
		_, port, _ := net.SplitHostPort(addr)
		return "http://" + net.JoinHostPort("localhost", port)
	}
	return "http://" + addr
}

// mask hides a secret setting's value for display.
func mask(s setting, v string) string {
	if v == "" {
		return ""
	}
	switch s.secret {
	case secretValue:
		return "********"
	case secretPassword:
		u, err := url.Parse(v)
		if err != nil || u.User == nil {
			return v
		}
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "********")
		}
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "********")
			u.RawQuery = q.Encode()
		}
		return strings.Replace(u.String(), "%2A%2A%2A%2A%2A%2A%2A%2A", "********", -1)
	}
	return v
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
