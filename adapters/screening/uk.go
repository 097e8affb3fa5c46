package screening

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// UK reads the UK Sanctions List published by the FCDO in its XML format (root <Designations>,
// one <Designation> per listed person, entity or ship).
var UK Parser = ukParser{oneFile{screening.UK, "UK-Sanctions-List.xml"}}

type ukParser struct{ oneFile }

type ukDesignation struct {
	UniqueID string `xml:"UniqueID"`
	Names    []struct {
		N1   string `xml:"Name1"`
		N2   string `xml:"Name2"`
		N3   string `xml:"Name3"`
		N4   string `xml:"Name4"`
		N5   string `xml:"Name5"`
		N6   string `xml:"Name6"`
		Type string `xml:"NameType"`
	} `xml:"Names>Name"`
	NonLatin         []string `xml:"NonLatinNames>NonLatinName>NameNonLatinScript"`
	Regimes          []string `xml:"RegimeName"`
	Type             string   `xml:"IndividualEntityShip"`
	OtherInformation string   `xml:"OtherInformation"`
	AddressCountries []string `xml:"Addresses>Address>AddressCountry"`
	Individuals      []struct {
		DOBs          []string `xml:"DOBs>DOB"`
		Nationalities []string `xml:"Nationalities>Nationality"`
		Passports     []string `xml:"PassportDetails>Passport>PassportNumber"`
		NationalIDs   []string `xml:"NationalIdentifierDetails>NationalIdentifier>NationalIdentifierNumber"`
		Positions     []string `xml:"Positions>Position"`
	} `xml:"IndividualDetails>Individual"`
	Registrations []string `xml:"EntityDetails>Entity>BusinessRegistrationNumbers>BusinessRegistrationNumber"`
	IMONumbers    []string `xml:"ShipDetails>Ship>IMONumbers>IMONumber"`
	Flags         []string `xml:"ShipDetails>Ship>CurrentBelievedFlagOfShips>CurrentBelievedFlagOfShip"`
}

func (p ukParser) Parse(files map[string]io.Reader) (screening.List, error) {
	list, data, err := parseXMLList[ukDesignation](p.source, files, p.file, "Designations", "Designation", nil)
	if err != nil {
		return list, err
	}
	generated := ukDateGenerated(data)
	if generated == "" {
		return list, nil
	}
	t, err := time.Parse("02/01/2006", generated)
	if err != nil {
		return screening.List{Source: screening.UK}, errors.New("uk: DateGenerated " + strconv.Quote(generated) + " is not a dd/mm/yyyy date")
	}
	list.Published = t
	return list, nil
}

// ukDateGenerated finds <DateGenerated>, which precedes the designations, reading no further.
func ukDateGenerated(data []byte) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "DateGenerated":
				var s string
				if d.DecodeElement(&s, &se) != nil {
					return ""
				}
				return strings.TrimSpace(s)
			case "Designation":
				return ""
			}
		}
	}
}

func (raw *ukDesignation) entry() (screening.Entry, error) {
	e := screening.Entry{Source: screening.UK, SourceID: strings.TrimSpace(raw.UniqueID), Topics: []screening.Topic{screening.Sanction}}
	if e.SourceID == "" {
		return e, errors.New("a Designation has no UniqueID")
	}
	switch strings.ToLower(strings.TrimSpace(raw.Type)) {
	case "individual":
		e.Kind = screening.Person
	case "entity":
		e.Kind = screening.Organisation
	case "ship":
		e.Kind = screening.Vessel
	default:
		e.Kind = screening.Unknown
	}
	for _, n := range raw.Names {
		name := strings.Join(strings.Fields(strings.Join([]string{n.N1, n.N2, n.N3, n.N4, n.N5, n.N6}, " ")), " ")
		if name == "" {
			continue
		}
		if e.Name == "" && strings.EqualFold(strings.TrimSpace(n.Type), "primary name") {
			e.Name = name
			continue
		}
		e.Aliases = appendUnique(e.Aliases, name)
	}
	if e.Name == "" && len(e.Aliases) > 0 { // no name marked primary: the first one stands in
		e.Name, e.Aliases = e.Aliases[0], e.Aliases[1:]
	}
	if e.Name == "" {
		return e, errors.New("Designation " + e.SourceID + " has no name")
	}
	for _, n := range raw.NonLatin {
		e.Aliases = appendUnique(e.Aliases, strings.TrimSpace(n))
	}
	var remarks []string
	for _, ind := range raw.Individuals {
		for _, s := range ind.DOBs {
			if dob, ok := ukDOB(s); ok {
				e.DatesOfBirth = appendUnique(e.DatesOfBirth, dob)
			}
		}
		for _, n := range ind.Nationalities {
			e.Countries = appendUnique(e.Countries, countryCodeOf(n))
		}
		for _, p := range ind.Passports {
			e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: screening.Passport, Value: strings.TrimSpace(p), Label: "Passport"})
		}
		for _, p := range ind.NationalIDs {
			e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: screening.NationalID, Value: strings.TrimSpace(p), Label: "National identifier"})
		}
		for _, p := range ind.Positions {
			remarks = appendUnique(remarks, strings.TrimSpace(p))
		}
	}
	for _, c := range raw.AddressCountries {
		e.Countries = appendUnique(e.Countries, countryCodeOf(c))
	}
	for _, r := range raw.Registrations {
		e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: screening.Registration, Value: strings.TrimSpace(r), Label: "Business registration number"})
	}
	for _, n := range raw.IMONumbers {
		e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: screening.IMO, Value: cleanIdentifier(screening.IMO, n), Label: "IMO number"})
	}
	for _, f := range raw.Flags {
		e.Countries = appendUnique(e.Countries, countryCodeOf(f))
	}
	for _, r := range raw.Regimes {
		e.Programs = appendUnique(e.Programs, strings.TrimSpace(r))
	}
	e.Remarks = strings.Join(appendUnique(remarks, strings.TrimSpace(raw.OtherInformation)), "; ")
	return e, nil
}

// ukDOB reads the FCDO's dd/mm/yyyy dates, where unknown parts stay "dd" or "mm".
func ukDOB(s string) (screening.DateOfBirth, bool) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	if len(parts) != 3 {
		return screening.DateOfBirth{}, false
	}
	y, err := strconv.Atoi(parts[2])
	if err != nil {
		return screening.DateOfBirth{}, false
	}
	m, _ := strconv.Atoi(parts[1]) // "mm": unknown, 0
	d, _ := strconv.Atoi(parts[0])
	if m == 0 {
		d = 0
	}
	date, ok := validDate(y, m, d)
	return screening.DateOfBirth{From: date, To: date}, ok
}
