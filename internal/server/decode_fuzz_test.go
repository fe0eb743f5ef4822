package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"unicode/utf8"

	"castaway/internal/api"
)

// bodyShapes are the request bodies the fuzzer throws bytes at, one of each shape the
// API decodes: lists, comments, ballots, display names, accounts.
var bodyShapes = []func() any{
	func() any { return &api.ListInput{} },
	func() any { return &api.NewComment{} },
	func() any { return &api.UpdateMe{} },
	func() any { return &api.Credentials{} },
	func() any {
		return &struct {
			Ranking json.RawMessage `json:"ranking"`
		}{}
	},
}

// Whatever bytes arrive as a request body, decodeJSON either refuses them with a 4xx
// and the API's error body, or accepts exactly one valid JSON value of the request's
// shape whose text holds no control characters: never a panic, never a 5xx.
func FuzzDecodeBody(f *testing.F) {
	for _, seed := range []string{
		`{"name":"Heroes","contestants":[{"id":"s45","isSeason":true}]}`,
		`{"text":"Parvati belongs at the top."}`,
		`{"displayName":"Sandra"}`,
		`{"ranking":["parvati-shallow",null]}`,
		`{"email":"fan@example.com","password":"Tribal-Council-2025!"}`,
		`{"name":"x"} trailing`,
		`{"name":"x"}{"name":"y"}`,
		`{"text":"\u0000"}`,
		"{\"text\":\"bell \u0007\"}",
		"{\"text\":\"\xff\xfe\"}",
		`{"nope":1}`,
		`{"name":5}`,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
		``,
		`null`,
		`{"text":"<script>alert(1)</script>' OR 1=1 --"}`,
	} {
		for shape := range bodyShapes {
			f.Add(uint8(shape), []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, shape uint8, raw []byte) {
		v := bodyShapes[int(shape)%len(bodyShapes)]()
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/api/anything", bytes.NewReader(raw))
		r.Header.Set("Content-Type", "application/json")
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if !decodeJSON(w, r, v) {
			var body api.Error
			if w.Code < 400 || w.Code >= 500 || json.Unmarshal(w.Body.Bytes(), &body) != nil || body.Error.Message == "" {
				t.Fatalf("%q refused with %d %q", raw, w.Code, w.Body.String())
			}
			return
		}
		if w.Body.Len() != 0 {
			t.Fatalf("%q accepted, yet an answer was written: %q", raw, w.Body.String())
		}
		if !utf8.Valid(raw) || !json.Valid(raw) {
			t.Fatalf("%q accepted: not one valid JSON value", raw)
		}
		if hasControl(reflect.ValueOf(v)) {
			t.Fatalf("%q accepted with control characters: %+v", raw, v)
		}
	})
}
