package moderation

import (
	"strings"
	"testing"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

func TestCheckReport(t *testing.T) {
	for _, c := range []struct {
		reason, text, want, field string
	}{
		{"spam", "", "", ""},
		{"harassment", "  rude  ", "rude", ""},
		{"other", "off topic", "off topic", ""},
		{"other", "   ", "", "text"},
		{"hate", "", "", "reason"},
		{"", "", "", "reason"},
		{"spoiler", strings.Repeat("é", MaxReportText+1), "", "text"},
	} {
		got, err := CheckReport(c.reason, c.text)
		p, _ := problem.As(err)
		switch {
		case c.field == "" && (err != nil || got != c.want):
			t.Errorf("CheckReport(%q, %q) = %q, %v", c.reason, c.text, got, err)
		case c.field != "" && (p == nil || p.Field != c.field):
			t.Errorf("CheckReport(%q, %q): %v, want a problem with %s", c.reason, c.text, err, c.field)
		}
	}
}

func TestTarget(t *testing.T) {
	if kind, key, err := Target("list", "u1", "list_1", ""); err != nil || kind != store.KindList || key != "u1/list_1" {
		t.Errorf("list: %s %s %v", kind, key, err)
	}
	if kind, key, err := Target("comment", "", "", "c1"); err != nil || kind != store.KindComment || key != "c1" {
		t.Errorf("comment: %s %s %v", kind, key, err)
	}
	for _, bad := range [][4]string{{"list", "u1", "", ""}, {"comment", "u1", "l1", ""}, {"user", "u1", "", ""}} {
		if _, _, err := Target(bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("Target%v passed", bad)
		}
	}
}

func TestCheckStatusAndAction(t *testing.T) {
	if s, err := CheckStatus(""); s != "open" || err != nil {
		t.Errorf("empty status: %q %v", s, err)
	}
	if _, err := CheckStatus("deleted"); err == nil {
		t.Error("an unknown status passed")
	}
	if CheckAction("hide") != nil || CheckAction("ban") == nil {
		t.Error("actions")
	}
	if RequireAdmin(&model.User{IsAdmin: true}) != nil || RequireAdmin(&model.User{}) == nil || RequireAdmin(nil) == nil {
		t.Error("RequireAdmin")
	}
}
