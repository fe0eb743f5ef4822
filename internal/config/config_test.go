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
