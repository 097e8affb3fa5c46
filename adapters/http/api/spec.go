package api

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// OpenAPI is the OpenAPI document of Operations as indented JSON: what `go generate
// ./adapters/http` writes to adapters/http/openapi.json.
func OpenAPI() ([]byte, error) {
	doc, err := Spec()
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Spec builds the OpenAPI document of Operations and checks that it is valid.
func Spec() (*openapi3.T, error) {
	b := builder{schemas: openapi3.Schemas{}}
	paths := openapi3.NewPaths()
	for _, op := range Operations {
		item := paths.Value(op.Path)
		if item == nil {
			item = &openapi3.PathItem{}
			paths.Set(op.Path, item)
		}
		if item.GetOperation(op.Method) != nil {
			return nil, fmt.Errorf("%s %s is described twice", op.Method, op.Path)
		}
		item.SetOperation(op.Method, b.operation(op))
	}
	if b.err != nil {
		return nil, b.err
	}
	doc := &openapi3.T{OpenAPI: "3.0.3", Info: &openapi3.Info{Title: "TTT Verify API", Version: "1.0.0",
		Description: "Verification of commodity traders. Sessions are an HttpOnly cookie set by login and register. " +
			"Errors are {message, errors?}."},
		Paths: paths, Components: &openapi3.Components{Schemas: b.schemas}}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the generated document is invalid: %w", err)
	}
	return doc, nil
}

// builder turns Operations into OpenAPI objects, collecting the named types' schemas.
type builder struct {
	schemas openapi3.Schemas
	err     error // the first type, tag or header that could not be described
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

func (b *builder) operation(op Operation) *openapi3.Operation {
	o := &openapi3.Operation{Summary: op.Summary, Tags: []string{op.Tag}, Responses: openapi3.NewResponses()}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		o.Parameters = append(o.Parameters, &openapi3.ParameterRef{Value: openapi3.NewPathParameter(m[1]).
			WithSchema(openapi3.NewStringSchema())})
	}
	for _, q := range op.Query {
		s := openapi3.NewStringSchema()
		s.Pattern = q.Pattern
		for _, v := range q.Enum {
			s.Enum = append(s.Enum, v)
		}
		p := openapi3.NewQueryParameter(q.Name).WithSchema(s)
		p.Description = q.Description
		o.Parameters = append(o.Parameters, &openapi3.ParameterRef{Value: p})
	}
	switch {
	case op.Upload:
		o.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithFormDataSchemaRef(b.schema(reflect.TypeFor[Upload]()))}
	case op.Body != nil:
		o.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(!op.OptionalBody).
			WithJSONSchemaRef(b.schema(reflect.TypeOf(op.Body)))}
	}
	answers := []Answer{op.Answer}
	errors := op.Errors
	if !slices.Contains(errors, http.StatusBadRequest) &&
		!slices.ContainsFunc(op.Also, func(a Answer) bool { return a.Status == http.StatusBadRequest }) {
		// Any route refuses malformed text in its path or query (a control character, invalid UTF-8).
		errors = append([]int{http.StatusBadRequest}, errors...)
	}
	if !slices.Contains(errors, http.StatusServiceUnavailable) {
		// Every route may need the database (to read the session, if nothing else), so every route
		// answers 503 while it is down: a client must not take that for signed out.
		errors = append(errors, http.StatusServiceUnavailable)
	}
	for _, status := range errors {
		answers = append(answers, Answer{Status: status, Text: errorTexts[status], Body: Error{}})
	}
	for _, a := range slices.Concat(answers, op.Also) {
		o.Responses.Set(strconv.Itoa(a.Status), &openapi3.ResponseRef{Value: b.response(a)})
	}
	return o
}

func (b *builder) response(a Answer) *openapi3.Response {
	r := openapi3.NewResponse().WithDescription(a.Text)
	switch body := a.Body.(type) {
	case nil:
	case OneOf:
		s := &openapi3.Schema{}
		for _, v := range body {
			s.OneOf = append(s.OneOf, b.schema(reflect.TypeOf(v)))
		}
		r.WithJSONSchema(s)
	default:
		t := reflect.TypeOf(body)
		s := b.schema(t)
		if t.Kind() == reflect.Pointer { // a section never saved: null
			s = (&openapi3.Schema{AllOf: openapi3.SchemaRefs{s}, Nullable: true}).NewRef()
		}
		r.WithJSONSchemaRef(s)
	}
	if len(a.Files) > 0 { // beside a JSON body when the client may ask for either (Accept)
		files := openapi3.NewContentWithSchema(openapi3.NewStringSchema().WithFormat("binary"), a.Files)
		if r.Content == nil {
			r.WithContent(files)
		} else {
			maps.Copy(r.Content, files)
		}
	}
	for _, name := range a.Headers {
		h, known := headers[name]
		if !known {
			b.fail(fmt.Errorf("header %s is not in headers", name))
		}
		s := openapi3.NewStringSchema()
		s.Format, s.Pattern = h.format, h.pattern
		if r.Headers == nil {
			r.Headers = openapi3.Headers{}
		}
		r.Headers[name] = &openapi3.HeaderRef{Value: &openapi3.Header{Parameter: openapi3.Parameter{
			Description: h.text, Required: h.required, Schema: s.NewRef()}}}
	}
	return r
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	thisPackage = reflect.TypeFor[Operation]().PkgPath()
)

// schema is the schema of values of t: a reference for the types of this package, which become
// component schemas named after them. A pointer is described by what it points to.
func (b *builder) schema(t reflect.Type) *openapi3.SchemaRef {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return openapi3.NewDateTimeSchema().NewRef()
	case t.Kind() == reflect.Struct && t.Name() != "":
		if t.PkgPath() != thisPackage {
			b.fail(fmt.Errorf("%s is not a type of package api", t))
		}
		c, done := b.schemas[t.Name()]
		if !done {
			c = b.object(t).NewRef()
			b.schemas[t.Name()] = c
		}
		return openapi3.NewSchemaRef("#/components/schemas/"+t.Name(), c.Value)
	case t.Kind() == reflect.Struct:
		return b.object(t).NewRef()
	}
	switch t.Kind() {
	case reflect.String:
		return openapi3.NewStringSchema().NewRef()
	case reflect.Bool:
		return openapi3.NewBoolSchema().NewRef()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return openapi3.NewIntegerSchema().NewRef()
	case reflect.Float32, reflect.Float64:
		return openapi3.NewFloat64Schema().NewRef()
	case reflect.Slice, reflect.Array:
		s := openapi3.NewArraySchema()
		s.Items = b.schema(t.Elem())
		return s.NewRef()
	case reflect.Map:
		s := openapi3.NewObjectSchema()
		s.AdditionalProperties.Schema = b.schema(t.Elem())
		return s.NewRef()
	}
	b.fail(fmt.Errorf("%s has no schema", t))
	return openapi3.NewSchema().NewRef()
}

// field is a property of an object, as encoding/json finds it.
type field struct {
	name     string
	sf       reflect.StructField
	depth    int  // how deep in embedded structs; the shallowest field of a name wins
	optional bool // left out without omitempty: tagged required:"false", or embedded so
}

// fields are the properties of struct t in order.
func fields(t reflect.Type, depth int, optional bool) []field {
	var out []field
	for i := range t.NumField() {
		sf := t.Field(i)
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		off := optional || sf.Tag.Get("required") == "false"
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			out = append(out, fields(sf.Type, depth+1, off)...)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, field{name: name, sf: sf, depth: depth, optional: off})
	}
	return out
}

// object is the schema of a struct: its fields, none besides, each required unless it may be left out.
func (b *builder) object(t reflect.Type) *openapi3.Schema {
	s := openapi3.NewObjectSchema().WithoutAdditionalProperties()
	s.Properties = openapi3.Schemas{}
	depth := map[string]int{}
	for _, f := range fields(t, 0, false) {
		if d, seen := depth[f.name]; seen && d <= f.depth {
			continue
		}
		depth[f.name] = f.depth
		omitempty := slices.Contains(strings.Split(f.sf.Tag.Get("json"), ",")[1:], "omitempty")
		s.Properties[f.name] = b.property(f.sf, f.sf.Type.Kind() == reflect.Pointer && !omitempty)
		s.Required = slices.DeleteFunc(s.Required, func(n string) bool { return n == f.name })
		if !omitempty && !f.optional {
			s.Required = append(s.Required, f.name)
		}
	}
	return s
}

// property is the schema of a struct field with the constraints its tags give.
func (b *builder) property(sf reflect.StructField, nullable bool) *openapi3.SchemaRef {
	ref := b.schema(sf.Type)
	described := sf.Tag.Get("description")
	if ref.Ref != "" {
		if !nullable && described == "" {
			return ref
		}
		return (&openapi3.Schema{AllOf: openapi3.SchemaRefs{ref}, Nullable: nullable, Description: described}).NewRef()
	}
	s := ref.Value
	s.Nullable, s.Description = nullable, described
	values := s // constraints describe the values: each element of a list
	if s.Items != nil && s.Items.Ref == "" {
		values = s.Items.Value
	}
	if enum := sf.Tag.Get("enum"); enum != "" {
		for _, v := range strings.Split(enum, ",") {
			values.Enum = append(values.Enum, v)
		}
	}
	if f := sf.Tag.Get("format"); f != "" {
		values.Format = f
	}
	values.Pattern = sf.Tag.Get("pattern")
	for tag, bound := range map[string]**float64{"minimum": &values.Min, "maximum": &values.Max} {
		if v := sf.Tag.Get(tag); v != "" {
			n, err := strconv.ParseFloat(v, 64)
			b.fail(err)
			*bound = &n
		}
	}
	return s.NewRef()
}

func (b *builder) fail(err error) {
	if b.err == nil && err != nil {
		b.err = err
	}
}
