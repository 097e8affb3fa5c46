package screening

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tttverify/tttverify/domain/screening"
)

// FTM reads FollowTheMoney entities as JSON lines, the format of licensed data such as the
// OpenSanctions PEP collections. Persons, companies, organisations, vessels and aircraft become
// entries; other schemata (addresses, sanctions, relationships) are skipped.
var FTM Parser = ftmParser{oneFile{screening.FTM, ftmFile}}

const ftmFile = "entities.ftm.json"

type ftmParser struct{ oneFile }

var ftmKinds = map[string]screening.Kind{
	"Person": screening.Person, "Company": screening.Organisation, "Organization": screening.Organisation,
	"LegalEntity": screening.Organisation, "PublicBody": screening.Organisation, "Vessel": screening.Vessel,
	"Airplane": screening.Aircraft,
}

// ftmIdentifiers maps identifier properties onto the common vocabulary.
var ftmIdentifiers = []struct {
	prop string
	typ  screening.IdentifierType
}{
	{"passportNumber", screening.Passport}, {"idNumber", screening.NationalID}, {"registrationNumber", screening.Registration},
	{"ogrnCode", screening.Registration}, {"leiCode", screening.Registration}, {"innCode", screening.TaxID},
	{"taxNumber", screening.TaxID}, {"vatCode", screening.TaxID}, {"swiftBic", screening.SWIFTBIC},
	{"imoNumber", screening.IMO},
}

func (ftmParser) Parse(files map[string]io.Reader) (screening.List, error) {
	list := screening.List{Source: screening.FTM}
	data, err := readListFile(screening.FTM, files, ftmFile)
	if err != nil {
		return list, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	line := 0
	seen := map[string]bool{}
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var raw struct {
			ID         string                       `json:"id"`
			Schema     string                       `json:"schema"`
			Caption    string                       `json:"caption"`
			Properties map[string][]json.RawMessage `json:"properties"`
			Topics     []string                     `json:"topics"`
		}
		if err := json.Unmarshal(text, &raw); err != nil {
			return screening.List{Source: screening.FTM}, fmt.Errorf("ftm: %s line %d is not a JSON entity (truncated or garbled?): %w", ftmFile, line, err)
		}
		if raw.ID == "" || raw.Schema == "" {
			return screening.List{Source: screening.FTM}, fmt.Errorf("ftm: %s line %d has no id or schema; is it FollowTheMoney JSON lines?", ftmFile, line)
		}
		kind, ok := ftmKinds[raw.Schema]
		if !ok {
			continue
		}
		if seen[raw.ID] {
			return screening.List{Source: screening.FTM}, fmt.Errorf("ftm: %s line %d: the id %q appears twice", ftmFile, line, raw.ID)
		}
		seen[raw.ID] = true
		list.Entries = append(list.Entries, ftmEntry(raw.ID, kind, raw.Caption, ftmStrings(raw.Properties), raw.Topics))
	}
	if err := sc.Err(); err != nil {
		return screening.List{Source: screening.FTM}, fmt.Errorf("ftm: read %s: %w", ftmFile, err)
	}
	if len(list.Entries) == 0 {
		return list, fmt.Errorf("ftm: %s has no person, company, organisation, vessel or aircraft", ftmFile)
	}
	return list, nil
}

// ftmStrings keeps the text values of the properties. Nested exports (OpenSanctions'
// targets.nested.json) put whole related entities in some properties; those are not the
// entity's own names or identifiers.
func ftmStrings(props map[string][]json.RawMessage) map[string][]string {
	out := make(map[string][]string, len(props))
	for name, values := range props {
		for _, v := range values {
			var s string
			if json.Unmarshal(v, &s) == nil {
				out[name] = append(out[name], s)
			}
		}
	}
	return out
}

func ftmEntry(id string, kind screening.Kind, caption string, p map[string][]string, topics []string) screening.Entry {
	e := screening.Entry{Source: screening.FTM, SourceID: id, Kind: kind}
	names := append(append([]string{}, p["name"]...), p["alias"]...)
	names = append(append(names, p["previousName"]...), p["weakAlias"]...)
	if caption != "" && len(p["name"]) == 0 {
		names = append([]string{caption}, names...)
	}
	for _, n := range names {
		n = strings.Join(strings.Fields(n), " ")
		if e.Name == "" {
			e.Name = n
		} else if n != e.Name {
			e.Aliases = appendUnique(e.Aliases, n)
		}
	}
	for _, s := range p["birthDate"] {
		if dob, ok := parseDOB(s); ok {
			e.DatesOfBirth = appendUnique(e.DatesOfBirth, dob)
		}
	}
	for _, prop := range []string{"nationality", "citizenship", "country", "jurisdiction", "flag"} {
		for _, c := range p[prop] {
			if len(c) == 2 {
				e.Countries = appendUnique(e.Countries, strings.ToUpper(c))
			}
		}
	}
	for _, m := range ftmIdentifiers {
		for _, v := range p[m.prop] {
			e.Identifiers = appendUnique(e.Identifiers, screening.Identifier{Type: m.typ, Value: cleanIdentifier(m.typ, v), Label: m.prop})
		}
	}
	for _, t := range append(append([]string{}, topics...), p["topics"]...) {
		e.Topics = appendUnique(e.Topics, screening.Topic(t))
	}
	e.Programs = append(append([]string{}, p["program"]...), p["programId"]...)
	e.Remarks = strings.Join(append(append([]string{}, p["position"]...), p["notes"]...), "; ")
	return e
}
