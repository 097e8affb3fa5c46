package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/domain/errs"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 64 << 10

// errBodyTooLarge refuses a request body over its limit.
var errBodyTooLarge = errs.TooLarge("The request body is too large")

// errBodyCutOff answers a body that ended before its announced length: the client stopped sending.
var errBodyCutOff = badRequest("The request body was cut off before its end; please try again")

// bindJSON decodes a single JSON object into dst, refusing unknown fields, oversized bodies,
// invalid UTF-8 (which the decoder would silently replace) and control characters in any field.
func bindJSON(c *echo.Context, dst any) error {
	r := c.Request()
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return errs.UnsupportedType("Send the request body as application/json")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), r.Body, maxJSONBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errBodyTooLarge
		}
		return errBodyCutOff
	}
	if !utf8.Valid(body) {
		return badRequest("The request body is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return badRequest("The request body is empty")
		}
		return badRequest("Invalid JSON: " + err.Error())
	}
	if dec.More() {
		return badRequest("Invalid JSON: unexpected data after the object")
	}
	if field, bad := controlCharacterField(reflect.ValueOf(dst), ""); bad {
		return errControlCharacter(field)
	}
	return nil
}

// multiLineFields are the JSON fields whose text may run over several lines (the form's text
// areas); they may hold tabs and line breaks, no other control character.
var multiLineFields = map[string]bool{"registeredAddress": true, "operatingAddress": true, "bankAddress": true,
	"pastTransactions": true, "reason": true, "note": true}

// errControlCharacter refuses a field holding a control character: nobody types one, PostgreSQL
// refuses NUL in text, and the others would reach PDFs, e-mails and logs.
func errControlCharacter(field string) error {
	return errs.Invalid(field, "Must not contain control characters such as NUL or, on one line, a line break")
}

// controlCharacterField finds a string in the decoded request v that holds a control character its
// field may not hold, and names the field (name is v's own).
func controlCharacterField(v reflect.Value, name string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return controlCharacterField(v.Elem(), name)
		}
	case reflect.String:
		if !plainText(v.String(), multiLineFields[name]) {
			return name, true
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if f, bad := controlCharacterField(v.Index(i), name); bad {
				return f, true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if !plainText(it.Key().String(), false) {
				return name, true
			}
			if f, bad := controlCharacterField(it.Value(), it.Key().String()); bad {
				return f, true
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() && !sf.Anonymous { // json decodes embedded DTOs' fields even when the type is unexported
				continue
			}
			field, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			switch {
			case field == "-":
				continue
			case field == "" && sf.Anonymous: // an embedded DTO: its fields are this object's
				field = name
			case field == "":
				field = sf.Name
			}
			if f, bad := controlCharacterField(v.Field(i), field); bad {
				return f, true
			}
		}
	}
	return "", false
}

// plainText reports whether s is valid UTF-8 without C0 control characters or DEL; multiLine
// allows tabs and line breaks.
func plainText(s string, multiLine bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case multiLine && (b == '\t' || b == '\n' || b == '\r'):
		case b < 0x20 || b == 0x7f:
			return false
		}
	}
	return true
}

// refuseControlCharacters answers 400 for a request whose path or query parameters hold invalid
// UTF-8 or a control character: no identifier, filter or page number holds one, and a database
// that refuses them (PostgreSQL refuses NUL) must not turn them into a 500. The field named is the
// path parameter or query parameter at fault.
func refuseControlCharacters(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !plainText(c.Request().URL.Path, false) {
			for _, p := range c.PathValues() {
				value, err := url.PathUnescape(p.Value)
				if err != nil || !plainText(value, false) || !plainText(p.Value, false) {
					if p.Name == "*" { // echo's wildcard
						return errControlCharacter("path")
					}
					return errControlCharacter(p.Name)
				}
			}
			return errControlCharacter("path")
		}
		for name, values := range c.QueryParams() {
			if !plainText(name, false) {
				return errControlCharacter("query")
			}
			for _, v := range values {
				if !plainText(v, false) {
					return errControlCharacter(name)
				}
			}
		}
		return next(c)
	}
}

// pathID parses a positive numeric path parameter.
func pathID(c *echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("Invalid id: " + strconv.Quote(c.Param(name)))
	}
	return id, nil
}
