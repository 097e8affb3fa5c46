// Package api is the HTTP contract: the JSON bodies the API reads and writes, and Operations, the
// table of its routes. Spec builds the OpenAPI document from them (by reflection over the types
// and their tags), so the document served at /api/openapi.json, the TypeScript types the SPA
// generates from it and the Go the handlers and tests use cannot drift apart.
//
// How a field is documented: its json tag gives the name, and a field without omitempty is
// required. A pointer without omitempty is nullable. The tags enum (values separated by commas),
// format, pattern, minimum and maximum constrain the value (each element of a list), and
// description describes the field. required:"false" marks a field a client may leave out although
// it has no omitempty; on an embedded struct it applies to every field the struct brings in.
package api
