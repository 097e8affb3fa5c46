// Package screening is the sanctions and PEP screening core: list entries as the publishers describe
// them, name normalisation, candidate search, explainable scoring and the hits a reviewer decides.
// It does no I/O; transliteration of non-Latin scripts comes in as a function (see Transliterate).
package screening

import "time"

// Source names a published list.
type Source string

// The lists the product reads.
const (
	OFACSDN          Source = "ofac_sdn"          // OFAC Specially Designated Nationals, legacy CSV
	OFACConsolidated Source = "ofac_consolidated" // OFAC consolidated non-SDN lists, same CSV format
	UN               Source = "un"                // UN Security Council consolidated list, XML
	EU               Source = "eu"                // EU Financial Sanctions Files, consolidated list
	UK               Source = "uk"                // UK Sanctions List (FCDO)
	USCSL            Source = "us_csl"            // US Consolidated Screening List (trade.gov CSV)
	FTM              Source = "ftm"               // FollowTheMoney entities (JSON lines), e.g. licensed PEP data
	PEPCSV           Source = "pep_csv"           // the product's documented plain CSV for a PEP list
	PEPWikidata      Source = "pep_wikidata"      //nolint:gosec // G101: a list's name; politically exposed persons asked of Wikidata's SPARQL service
)

// Kind is what a listed entry is.
type Kind string

// The kinds of listed entries.
const (
	Person       Kind = "person"
	Organisation Kind = "organisation"
	Vessel       Kind = "vessel"
	Aircraft     Kind = "aircraft"
	Unknown      Kind = "unknown"
)

// Topic says why an entry is listed.
type Topic string

// The topics the checks use.
const (
	Sanction Topic = "sanction"
	PEP      Topic = "role.pep"
)

// Date is a calendar date that may be partial: Month and Day are 0 when the publisher gave only a
// year (or only a year and month).
type Date struct {
	Year, Month, Day int
}

// DateOfBirth is one published date of birth: exact (From == To, full date), a year (From.Month
// == 0, To == From) or a range of years (From.Year < To.Year).
type DateOfBirth struct {
	From, To Date
}

// IdentifierType names a kind of identifier in a common vocabulary across lists.
type IdentifierType string

// The identifier types the scoring knows; parsers map the publishers' labels onto them.
const (
	Passport     IdentifierType = "passport"
	NationalID   IdentifierType = "national_id"
	Registration IdentifierType = "registration" // company registration number
	TaxID        IdentifierType = "tax_id"
	SWIFTBIC     IdentifierType = "swift_bic"
	IMO          IdentifierType = "imo" // vessel or company IMO number
	OtherID      IdentifierType = "other"
)

// Identifier is a document or registry number, with the country that issued it when known.
type Identifier struct {
	Type    IdentifierType
	Value   string
	Country string // ISO 3166-1 alpha-2, upper case, or ""
	Label   string // the publisher's own label, e.g. "Cedula No."
}

// Entry is one listed person, organisation, vessel or aircraft as its publisher describes it.
type Entry struct {
	Source       Source
	SourceID     string // the publisher's own id for the entry
	Kind         Kind
	Name         string
	Aliases      []string
	DatesOfBirth []DateOfBirth
	Countries    []string // ISO 3166-1 alpha-2: nationality, citizenship, address or incorporation
	Identifiers  []Identifier
	Programs     []string
	Topics       []Topic
	Remarks      string
}

// List is one parsed publication of a list: what an import stores as a version.
type List struct {
	Source    Source
	Published time.Time // the publisher's date of the file; zero when the file carries none
	Entries   []Entry
}
