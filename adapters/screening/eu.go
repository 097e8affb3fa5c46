package screening

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// EU reads the EU Financial Sanctions Files consolidated list in its XML format (version 1.1:
// root <export generationDate=…>, one <sanctionEntity> per listed person or organisation).
var EU Parser = euParser{oneFile{screening.EU, "export.xml"}}

type euParser struct{ oneFile }

type euEntity struct {
	LogicalID   string   `xml:"logicalId,attr"`
	EURef       string   `xml:"euReferenceNumber,attr"`
	UNID        string   `xml:"unitedNationId,attr"`
	Remarks     []string `xml:"remark"`
	Regulations []struct {
		Programme string `xml:"programme,attr"`
	} `xml:"regulation"`
	SubjectType struct {
		Code           string `xml:"code,attr"`
		Classification string `xml:"classificationCode,attr"`
	} `xml:"subjectType"`
	Names []struct {
		Whole    string `xml:"wholeName,attr"`
		First    string `xml:"firstName,attr"`
		Middle   string `xml:"middleName,attr"`
		Last     string `xml:"lastName,attr"`
		Function string `xml:"function,attr"`
	} `xml:"nameAlias"`
	Citizenships []struct {
		Country string `xml:"countryIso2Code,attr"`
	} `xml:"citizenship"`
	Birthdates      []euBirthdate `xml:"birthdate"`
	Identifications []struct {
		Number      string `xml:"number,attr"`
		LatinNumber string `xml:"latinNumber,attr"`
		Type        string `xml:"identificationTypeCode,attr"`
		Description string `xml:"identificationTypeDescription,attr"`
		Country     string `xml:"countryIso2Code,attr"`
	} `xml:"identification"`
	Addresses []struct {
		Country string `xml:"countryIso2Code,attr"`
	} `xml:"address"`
}

func (p euParser) Parse(files map[string]io.Reader) (screening.List, error) {
	var published string
	list, _, err := parseXMLList[euEntity](p.source, files, p.file, "export", "sanctionEntity", func(attrs []xml.Attr) {
		for _, a := range attrs {
			if a.Name.Local == "generationDate" {
				published = a.Value
			}
		}
	})
	if err != nil || published == "" {
		return list, err
	}
	t, err := time.Parse(time.RFC3339, published)
	if err != nil {
		return screening.List{Source: screening.EU}, errors.New("eu: export.xml: generationDate " + strconv.Quote(published) + " is not a date and time")
	}
	list.Published = t.UTC()
	return list, nil
}

func (raw *euEntity) entry() (screening.Entry, error) {
	e := screening.Entry{Source: screening.EU, SourceID: strings.TrimSpace(raw.LogicalID), Topics: []screening.Topic{screening.Sanction}}
	if e.SourceID == "" {
		return e, errors.New("a sanctionEntity has no logicalId")
	}
	switch strings.ToLower(raw.SubjectType.Code) {
	case "person":
		e.Kind = screening.Person
	case "enterprise", "entity":
		e.Kind = screening.Organisation
	default:
		e.Kind = map[string]screening.Kind{"P": screening.Person, "E": screening.Organisation}[raw.SubjectType.Classification]
		if e.Kind == "" {
			e.Kind = screening.Unknown
		}
	}
	var functions []string
	for _, n := range raw.Names {
		name := strings.TrimSpace(n.Whole)
		if name == "" {
			name = strings.Join(strings.Fields(n.First+" "+n.Middle+" "+n.Last), " ")
		}
		if e.Name == "" {
			e.Name = name
		} else if name != e.Name {
			e.Aliases = appendUnique(e.Aliases, name)
		}
		functions = appendUnique(functions, strings.TrimSpace(n.Function))
	}
	if e.Name == "" {
		return e, errors.New("sanctionEntity " + e.SourceID + " has no name")
	}
	for _, c := range raw.Citizenships {
		e.Countries = appendUnique(e.Countries, euCountry(c.Country))
	}
	for _, a := range raw.Addresses {
		e.Countries = appendUnique(e.Countries, euCountry(a.Country))
	}
	for _, b := range raw.Birthdates {
		if dob, ok := b.dob(); ok {
			e.DatesOfBirth = appendUnique(e.DatesOfBirth, dob)
		}
	}
	for _, id := range raw.Identifications {
		number := strings.TrimSpace(id.Number)
		if number == "" {
			number = strings.TrimSpace(id.LatinNumber)
		}
		t, ok := euIdentifierTypes[strings.ToLower(id.Type)]
		if !ok {
			if t, ok = identifierType(id.Description); !ok {
				continue
			}
		}
		label := strings.TrimSpace(id.Description)
		if label == "" {
			label = id.Type
		}
		if number != "" {
			e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: t, Value: cleanIdentifier(t, number), Country: euCountry(id.Country), Label: label})
		}
	}
	for _, r := range raw.Regulations {
		e.Programs = appendUnique(e.Programs, strings.TrimSpace(r.Programme))
	}
	var remarks []string
	if raw.EURef != "" {
		remarks = append(remarks, "EU reference "+raw.EURef)
	}
	if raw.UNID != "" {
		remarks = append(remarks, "UN id "+raw.UNID)
	}
	remarks = append(remarks, functions...)
	for _, r := range raw.Remarks {
		remarks = appendUnique(remarks, strings.TrimSpace(r))
	}
	e.Remarks = strings.Join(remarks, "; ")
	return e, nil
}

type euBirthdate struct {
	Date      string `xml:"birthdate,attr"`
	Year      string `xml:"year,attr"`
	Month     string `xml:"monthOfYear,attr"`
	Day       string `xml:"dayOfMonth,attr"`
	RangeFrom string `xml:"yearRangeFrom,attr"`
	RangeTo   string `xml:"yearRangeTo,attr"`
	Circa     string `xml:"circa,attr"`
}

// euIdentifierTypes maps the EU's identificationTypeCode values.
var euIdentifierTypes = map[string]screening.IdentifierType{
	"passport": screening.Passport, "id": screening.NationalID, "nationalid": screening.NationalID,
	"ssn": screening.NationalID, "regnumber": screening.Registration, "fiscalcode": screening.TaxID,
	"tin": screening.TaxID, "swiftbic": screening.SWIFTBIC, "bic": screening.SWIFTBIC, "imo": screening.IMO,
}

// euCountry keeps ISO codes; the EU writes "00" for an unknown country.
func euCountry(code string) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) != 2 || code == "00" {
		return ""
	}
	return code
}

// dob reads a birthdate element: a full date, a year (with month and day when given), or a
// range of years. Circa widens a year to one year either side.
func (b euBirthdate) dob() (screening.DateOfBirth, bool) {
	if b.RangeFrom != "" && b.RangeTo != "" {
		from, err1 := strconv.Atoi(b.RangeFrom)
		to, err2 := strconv.Atoi(b.RangeTo)
		if err1 == nil && err2 == nil && validYear(from) && validYear(to) && from <= to {
			return screening.DateOfBirth{From: screening.Date{Year: from}, To: screening.Date{Year: to}}, true
		}
	}
	var d screening.Date
	ok := false
	if b.Date != "" {
		d, ok = parseISODate(b.Date)
	}
	if !ok && b.Year != "" {
		y, _ := strconv.Atoi(b.Year)
		m, _ := strconv.Atoi(b.Month)
		day, _ := strconv.Atoi(b.Day)
		if m == 0 {
			day = 0
		}
		d, ok = validDate(y, m, day)
	}
	if !ok {
		return screening.DateOfBirth{}, false
	}
	if b.Circa == "true" {
		return screening.DateOfBirth{From: screening.Date{Year: d.Year - 1}, To: screening.Date{Year: d.Year + 1}}, true
	}
	return screening.DateOfBirth{From: d, To: d}, true
}
