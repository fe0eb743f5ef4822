package config

import (
	"log/slog"
	"path/filepath"
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
