package screening

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// JurisdictionFormat names the documented jurisdiction list file format (docs/jurisdictions).
const JurisdictionFormat = "ttt-jurisdictions/1"

type jurisdictionFile struct {
	Format        string `json:"format"`
	Publisher     string `json:"publisher"`
	Published     string `json:"published"`
	Source        string `json:"source"`
	Note          string `json:"note"`
	Jurisdictions []struct {
		Country  string `json:"country"`
		Name     string `json:"name"`
		Category string `json:"category"`
	} `json:"jurisdictions"`
}

// ParseJurisdictions reads a jurisdiction list file and checks it.
func ParseJurisdictions(data []byte) (screening.JurisdictionList, error) {
	var f jurisdictionFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return screening.JurisdictionList{}, screening.ErrInvalidJurisdictions.Detailf("not a %s file: %v", JurisdictionFormat, err)
	}
	if f.Format != JurisdictionFormat {
		return screening.JurisdictionList{}, screening.ErrInvalidJurisdictions.Detailf("format must be %q, got %q", JurisdictionFormat, f.Format)
	}
	l := screening.JurisdictionList{Publisher: strings.TrimSpace(f.Publisher), Source: strings.TrimSpace(f.Source)}
	if f.Published != "" {
		d, err := time.Parse(time.DateOnly, f.Published)
		if err != nil {
			return l, screening.ErrInvalidJurisdictions.Detailf("published must be YYYY-MM-DD, got %q", f.Published)
		}
		l.Published = d
	}
	for _, j := range f.Jurisdictions {
		l.Jurisdictions = append(l.Jurisdictions, screening.Jurisdiction{Country: strings.ToUpper(strings.TrimSpace(j.Country)),
			Name: strings.TrimSpace(j.Name), Category: screening.JurisdictionCategory(strings.TrimSpace(j.Category))})
	}
	return l, l.Validate()
}
