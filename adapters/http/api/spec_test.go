package api

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

type ruleInner struct {
	Shared string `json:"shared"`
}

type ruleExample struct {
	ruleInner `required:"false"`
	Plain     string   `json:"plain" enum:"a,b"`
	Left      string   `json:"left,omitempty"`
	Null      *int64   `json:"null"`
	Absent    *int64   `json:"absent,omitempty"`
	Optional  string   `json:"optional" required:"false"`
	List      []string `json:"list" pattern:"^x$" description:"the xs"`
	Hidden    string   `json:"-"`
}

// TestFieldRules: the tags and types of a field decide its property as package api's doc says.
func TestFieldRules(t *testing.T) {
	b := builder{schemas: openapi3.Schemas{}}
	b.schema(reflect.TypeFor[ruleExample]())
	if b.err != nil {
		t.Fatal(b.err)
	}
	s := b.schemas["ruleExample"].Value
	// shared comes from an embedded struct marked required:"false"
	if want := []string{"plain", "null", "list"}; !slices.Equal(s.Required, want) {
		t.Errorf("required %q, want %q", s.Required, want)
	}
	props := s.Properties
	if _, ok := props["-"]; ok || len(props) != 7 {
		t.Errorf("properties %v", slices.Sorted(maps.Keys(props)))
	}
	if !props["null"].Value.Nullable || props["absent"].Value.Nullable || props["plain"].Value.Nullable {
		t.Error("only a pointer without omitempty is nullable")
	}
	if e := props["plain"].Value.Enum; len(e) != 2 || e[0] != "a" || e[1] != "b" {
		t.Errorf("enum %v", e)
	}
	if l := props["list"].Value; l.Description != "the xs" || l.Pattern != "" || l.Items.Value.Pattern != "^x$" {
		t.Errorf("a list's description is its own and its constraints its elements': %+v", l)
	}
	if s.AdditionalProperties.Has == nil || *s.AdditionalProperties.Has {
		t.Error("objects allow no other properties")
	}
}
