package screening

import (
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/screening"
)

// PEPCSV reads the product's plain CSV for an in-house or licensed list of politically exposed
// persons (README, "PEP CSV format"): a header row, then one person or organisation per row.
// Columns id and name are required; kind, aliases, dates_of_birth, countries, position,
// identifiers and remarks are optional; list fields are separated by ";".
var PEPCSV Parser = csvListParser{oneFile: oneFile{screening.PEPCSV, "pep.csv"},
	required: []string{"id", "name"},
	optional: []string{"kind", "aliases", "dates_of_birth", "countries", "position", "identifiers", "remarks"},
	what:     "a PEP list in the product's CSV format (see the README)", row: pepRow}

func pepRow(col func(string) string) (screening.Entry, error) {
	e := screening.Entry{SourceID: col("id"), Name: strings.Join(strings.Fields(col("name")), " "),
		Topics: []screening.Topic{screening.PEP}}
	if e.SourceID == "" {
		return e, fmt.Errorf("the id of %q is empty", e.Name)
	}
	if e.Name == "" {
		return e, fmt.Errorf("entry %s has no name", e.SourceID)
	}
	switch k := strings.ToLower(col("kind")); k {
	case "", "person":
		e.Kind = screening.Person
	case "organisation", "organization", "company":
		e.Kind = screening.Organisation
	default:
		return e, fmt.Errorf("entry %s: kind %q is not person or organisation", e.SourceID, k)
	}
	e.Aliases = splitList(col("aliases"), ";")
	for _, s := range splitList(col("dates_of_birth"), ";") {
		dob, ok := parseDOB(s)
		if !ok {
			return e, fmt.Errorf("entry %s: date of birth %q is not YYYY, YYYY-MM, YYYY-MM-DD or YYYY-YYYY", e.SourceID, s)
		}
		e.DatesOfBirth = appendUnique(e.DatesOfBirth, dob)
	}
	for _, c := range splitList(col("countries"), ";") {
		code := countryCodeOf(c)
		if code == "" {
			return e, fmt.Errorf("entry %s: country %q is not an ISO 3166 code or a known country name", e.SourceID, c)
		}
		e.Countries = appendUnique(e.Countries, code)
	}
	for _, s := range splitList(col("identifiers"), ";") {
		parts := strings.Split(s, ":")
		if len(parts) < 2 || len(parts) > 3 || !contains(pepIdentifierTypes, screening.IdentifierType(strings.TrimSpace(parts[0]))) {
			return e, fmt.Errorf("entry %s: identifier %q is not TYPE:VALUE[:COUNTRY] with TYPE one of %v", e.SourceID, s, pepIdentifierTypes)
		}
		id := screening.Identifier{Type: screening.IdentifierType(strings.TrimSpace(parts[0])), Value: strings.TrimSpace(parts[1])}
		if len(parts) == 3 {
			id.Country = countryCodeOf(parts[2])
		}
		e.Identifiers = appendUnique(e.Identifiers, id)
	}
	e.Remarks = strings.Join(splitList(col("position")+";"+col("remarks"), ";"), "; ")
	return e, nil
}

var pepIdentifierTypes = []screening.IdentifierType{screening.Passport, screening.NationalID, screening.Registration,
	screening.TaxID, screening.SWIFTBIC, screening.IMO, screening.OtherID}
