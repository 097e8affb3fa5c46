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
	return checkText(reflect.ValueOf(dst), "")
}

// multiLineFields are the JSON fields whose text may run over several lines (the form's text
// areas); they may hold tabs and line breaks, no other control character.
var multiLineFields = map[string]bool{"registeredAddress": true, "operatingAddress": true, "bankAddress": true,
	"pastTransactions": true, "reason": true, "note": true, "text": true}

// textError refuses a field's text s that is not valid UTF-8 or holds a C0 control character or
// DEL (multiLine allows tabs and line breaks): nobody types one, PostgreSQL refuses NUL in text,
// and the others would reach PDFs, e-mails and logs.
func textError(field, s string, multiLine bool) error {
	if !utf8.ValidString(s) {
		return errs.Invalid(field, "Is not valid UTF-8 text")
	}
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case multiLine && (b == '\t' || b == '\n' || b == '\r'):
		case b < 0x20 || b == 0x7f:
			return errs.Invalid(field, "Contains a control character (such as NUL, or a line break in a one-line field)")
		}
	}
	return nil
}

// checkText applies textError to every string in the decoded request v, named by its JSON field
// (name is v's own).
func checkText(v reflect.Value, name string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return checkText(v.Elem(), name)
		}
	case reflect.String:
		return textError(name, v.String(), multiLineFields[name])
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := checkText(v.Index(i), name); err != nil {
				return err
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if err := checkText(it.Key(), name); err != nil {
				return err
			}
			if err := checkText(it.Value(), it.Key().String()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() && !sf.Anonymous { // json fills embedded DTOs' fields even when the type is unexported
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
			if err := checkText(v.Field(i), field); err != nil {
				return err
			}
		}
	}
	return nil
}

// refuseBadText answers 400 for a request whose path or query parameters hold invalid UTF-8 or a
// control character: no identifier, filter or page number holds one, and a database that refuses
// them (PostgreSQL refuses NUL) must not turn them into a 500. The field named is the path or
// query parameter at fault.
func refuseBadText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if err := textError("path", c.Request().URL.Path, false); err != nil {
			for _, p := range c.PathValues() {
				name := p.Name
				if name == "*" { // echo's wildcard
					name = "path"
				}
				value, uerr := url.PathUnescape(p.Value) // echo leaves a parameter escaped when the path has escapes of its own
				if uerr != nil {
					value = p.Value
				}
				if perr := textError(name, value, false); perr != nil {
					return perr
				}
			}
			return err
		}
		for name, values := range c.QueryParams() {
			if err := textError("query", name, false); err != nil {
				return err
			}
			for _, v := range values {
				if err := textError(name, v, false); err != nil {
					return err
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
