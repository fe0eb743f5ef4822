package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"

	"castaway/internal/api"
	"castaway/internal/problem"
)

// maxBody caps every request body; a list with every contestant fits many times over.
const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	jsonHeader(w, status)
	json.NewEncoder(w).Encode(v)
}

// writeJSONBody answers body, a value encodeJSON encoded, as writeJSON would the value.
func writeJSONBody(w http.ResponseWriter, status int, body []byte) {
	jsonHeader(w, status)
	w.Write(body)
}

// encodeJSON is v as writeJSON writes it.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	err := json.NewEncoder(&b).Encode(v)
	return b.Bytes(), err
}

func jsonHeader(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
}

// apiEach is items in the API's shape, each made by to.
func apiEach[T, U any](items []T, to func(*T) U) []U {
	out := make([]U, len(items))
	for i := range items {
		out[i] = to(&items[i])
	}
	return out
}

// writeError sends the API's error shape; message is the text a user reads. Domain
// problems go through writeProblem; this is for failures of HTTP itself (a body
// that is not JSON, an unknown path, a panic).
func writeError(w http.ResponseWriter, status int, code, message string) {
	var body api.Error
	body.Error.Code = code
	body.Error.Message = message
	writeJSON(w, status, body)
}

// decodeJSON reads a JSON body into v, answering the client itself on failure.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "unsupported_media_type", problem.MsgSendJson)
		return false
	}
	raw, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "too_large", problem.MsgRequestTooLarge)
		return false
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad_request", problem.MsgRequestUnreadable)
		return false
	}
	// Broken UTF-8 would be stored as U+FFFD: refuse it instead.
	if !utf8.Valid(raw) {
		writeError(w, http.StatusBadRequest, "bad_request", msgBadCharacters)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		var wrongType *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			writeError(w, http.StatusRequestEntityTooLarge, "too_large", problem.MsgRequestTooLarge)
		case errors.Is(err, io.EOF):
			writeError(w, http.StatusBadRequest, "bad_request", problem.MsgRequestEmpty)
		case errors.As(err, &wrongType) && wrongType.Field != "":
			writeError(w, http.StatusBadRequest, "bad_request", problem.Format(problem.MsgRequestFieldType, map[string]string{"field": wrongType.Field}))
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			writeError(w, http.StatusBadRequest, "bad_request", problem.Format(problem.MsgRequestFieldUnknown, map[string]string{"field": strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)}))
		default:
			writeError(w, http.StatusBadRequest, "bad_request", problem.MsgRequestNotJson)
		}
		return false
	}
	if dec.More() || dec.InputOffset() < int64(len(bytes.TrimRight(raw, " \t\r\n"))) {
		writeError(w, http.StatusBadRequest, "bad_request", problem.MsgRequestManyValues)
		return false
	}
	// JSON may carry U+0000 ("\u0000"), which PostgreSQL cannot store in text, and other
	// control characters (escape, bell) that only ever disguise text.
	if hasControl(reflect.ValueOf(v)) {
		writeError(w, http.StatusBadRequest, "bad_request", msgBadCharacters)
		return false
	}
	return true
}

// msgBadCharacters refuses text no database column can hold: NUL or broken UTF-8.
const msgBadCharacters = problem.MsgRequestBadCharacters

// hasControl tells whether any string reachable from v holds a control character other
// than tab, line feed and carriage return (C0, DEL and C1).
func hasControl(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return strings.ContainsFunc(v.String(), func(r rune) bool {
			return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r <= 0x9f)
		})
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasControl(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && hasControl(v.Field(i)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if hasControl(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if hasControl(it.Key()) || hasControl(it.Value()) {
				return true
			}
		}
	}
	return false
}

// storableText tells whether s can be stored and compared as text on every engine.
func storableText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// msgSomethingWrong answers unexpected failures that have no text of their own in the spec.
const msgSomethingWrong = problem.MsgSomethingWrong
