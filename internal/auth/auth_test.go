package auth

import (
	"strings"
	"testing"

	"castaway/internal/problem"
)

func TestPasswordHashing(t *testing.T) {
	h := HashPassword("tribal-council-42")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h, "tribal") {
		t.Fatalf("hash %q", h)
	}
	if h == HashPassword("tribal-council-42") {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for _, tc := range []struct {
		password string
		want     bool
	}{{"tribal-council-42", true}, {"tribal-council-43", false}, {"", false}} {
		got, err := CheckPassword(h, tc.password)
		if err != nil || got != tc.want {
			t.Errorf("CheckPassword(%q) = %v, %v", tc.password, got, err)
		}
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=1,t=0,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=1,t=1,p=1$!!$a2V5"} {
		if _, err := CheckPassword(bad, "x"); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}

func TestPasswordPolicy(t *testing.T) {
	p := NewPasswordPolicy()
	if len(p.common) < 2000 {
		t.Fatalf("only %d common passwords loaded", len(p.common))
	}
	for _, tc := range []struct {
		password string
		ok       bool
	}{
		{"short1!", false},
		{"password", false},
		{"Password1", false},  // common, whatever the case
		{"qwertyuiop", false}, // keyboard walk
		{"12345678", false},   // digit run
		{"survivor123", false},
		{"iloveyou", false},
		{strings.Repeat("a", 129), false},
		{"purple-idol-kaoh-rong", true},
		{"Ñandú§tribe", true},
		{strings.Repeat("z", 7) + "ë", true}, // 8 characters, though more bytes
	} {
		if got := p.Acceptable(tc.password); got != tc.ok {
			t.Errorf("Acceptable(%q) = %v, want %v", tc.password, got, tc.ok)
		}
	}
}

func TestDisplayNames(t *testing.T) {
	for _, tc := range []struct {
		email, want string
	}{
		{"ann@example.com", "ann"},
		{"  Boston.Rob@example.com", "Boston.Rob"},
		{strings.Repeat("x", 40) + "@example.com", strings.Repeat("x", 30)},
		{"@example.com", "castaway"},
	} {
		if got := DisplayNameFromEmail(tc.email); got != tc.want {
			t.Errorf("DisplayNameFromEmail(%q) = %q, want %q", tc.email, got, tc.want)
		}
	}
	long := strings.Repeat("y", 30)
	for _, tc := range []struct {
		base  string
		taken []string
		want  string
	}{
		{"ann", nil, "ann"},
		{"Ann", []string{"ann"}, "Ann2"},
		{"ann", []string{"ann", "ann2", "ann3"}, "ann4"},
		{long, []string{long}, long[:29] + "2"},
		{long, append([]string{long}, func() []string {
			var s []string
			for i := 2; i <= 9; i++ {
				s = append(s, long[:29]+string(rune('0'+i)))
			}
			return s
		}()...), long[:28] + "10"},
		{"  Jeff \n Probst ", nil, "Jeff Probst"},
	} {
		taken := map[string]bool{}
		for _, n := range tc.taken {
			taken[strings.ToLower(n)] = true
		}
		got := UniqueName(tc.base, taken)
		if got != tc.want || len([]rune(got)) > MaxDisplayNameLength {
			t.Errorf("UniqueName(%q) = %q, want %q", tc.base, got, tc.want)
		}
	}
}

func TestNormalizeDisplayName(t *testing.T) {
	for _, tc := range []struct{ in, want, problem string }{
		{"  Parvati  ", "Parvati", ""},
		{"   ", "", problem.MsgUsernameEmpty},
		{"", "", problem.MsgUsernameEmpty},
		{strings.Repeat("é", 30), strings.Repeat("é", 30), ""},
		{strings.Repeat("é", 31), "", problem.MsgUsernameTooLong},
		{"bad\x00name", "", problem.MsgUsernameInvalid},
		// NFKC: full-width letters and ligatures become plain ones.
		{"Ｐａｒｖａｔｉ", "Parvati", ""},
		{"ﬁshbach", "fishbach", ""},
		// Invisible and direction-changing characters.
		{"Par\u200bvati", "", problem.MsgUsernameHidden},
		{"Par\u200dvati", "", problem.MsgUsernameHidden},
		{"\u202eitavraP", "", problem.MsgUsernameHidden},
		{"Parvati\u2066", "", problem.MsgUsernameHidden},
		{"Parvati\ufe0f", "", problem.MsgUsernameHidden},
		{"Par\u3164vati", "", problem.MsgUsernameHidden},
		{"Par\u00a0vati", "Par vati", ""}, // NFKC makes it a plain space
		{"Tom   West", "Tom West", ""},    // a run of spaces draws as one
		{"Tom \u3000 West", "Tom West", ""},
		// Letters of two alphabets: a Cyrillic а and о in a Latin name.
		{"P\u0430rvati", "", problem.MsgUsernameMixed},
		{"Sandr\u03bf", "", problem.MsgUsernameMixed},
		// One alphabet at a time is fine, and so is Japanese.
		{"Парвати", "Парвати", ""},
		{"Παρβατι", "Παρβατι", ""},
		{"パーバティ山田", "パーバティ山田", ""},
		{"Parvati Shallow 2", "Parvati Shallow 2", ""},
		// Reserved names, however they are dressed.
		{"Anonymous", "", problem.MsgUsernameReserved},
		{"ADMIN", "", problem.MsgUsernameReserved},
		{"Аdmin", "", problem.MsgUsernameMixed},
		{"ＡＤＭＩＮ", "", problem.MsgUsernameReserved},
		{"A\u0300dmin", "", problem.MsgUsernameReserved},
		{"Moderator", "", problem.MsgUsernameReserved},
		{"Survivor  Rankings", "", problem.MsgUsernameReserved},
		{"ΜΟΔ", "ΜΟΔ", ""}, // Δ is no D: not "MOD"
		{"МОО", "МОО", ""},
		{"ΑDΜΙΝ", "", problem.MsgUsernameMixed}, // Greek capitals among Latin ones
		{"biII", "biII", ""},                    // Latin; only a clash with "bill" refuses it
		// Letters of scripts UTS #39 restricts, and small capitals.
		{"ᎪᎠᎷᎥᏁ", "", problem.MsgUsernameAlphabet},
		{"ᴀᴅᴍɪɴ", "", problem.MsgUsernameAlphabet},
		{"ʙɪʟʟ", "", problem.MsgUsernameAlphabet},
		// Han joins kana and Hangul, never Latin: 丶 after a Latin name reads as a mark.
		{"admin丶", "", problem.MsgUsernameMixed},
		{"Survivor大好き", "", problem.MsgUsernameMixed},
		{"김치大好", "김치大好", ""},
		{"ㄅㄆ王", "ㄅㄆ王", ""},
		{"Әлия", "Әлия", ""},
		{"Zoë 2", "Zoë 2", ""},
	} {
		got, problem := NormalizeDisplayName(tc.in)
		if got != tc.want || problem != tc.problem {
			t.Errorf("NormalizeDisplayName(%q) = %q, %q", tc.in, got, problem)
		}
	}
}

func TestSafeRedirect(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "/",
		"/mylists":              "/mylists",
		"/list/u1/list_1?x=1#c": "/list/u1/list_1?x=1#c",
		"//evil.example/":       "/",
		"/\\evil.example":       "/",
		"https://evil.example/": "/",
		"javascript:alert(1)":   "/",
		"mylists":               "/",
		"/\r\nSet-Cookie: a=b":  "/",
		"/" + strings.Repeat("x", MaxRedirectLength-1): "/" + strings.Repeat("x", MaxRedirectLength-1),
		"/" + strings.Repeat("x", MaxRedirectLength):   "/",
	} {
		if got := SafeRedirect(in); got != want {
			t.Errorf("SafeRedirect(%q) = %q, want %q", in, got, want)
		}
	}
}
