package registry

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// gleifRecord is the part of GLEIF's JSON:API `lei-records/{lei}` answer the check reads.
type gleifRecord struct {
	Data struct {
		Attributes struct {
			LEI    string `json:"lei"`
			Entity struct {
				LegalName struct {
					Name string `json:"name"`
				} `json:"legalName"`
				LegalAddress struct {
					AddressLines []string `json:"addressLines"`
					City         string   `json:"city"`
					PostalCode   string   `json:"postalCode"`
					Country      string   `json:"country"`
				} `json:"legalAddress"`
				Jurisdiction string `json:"jurisdiction"`
				Status       string `json:"status"`
			} `json:"entity"`
			Registration struct {
				Status string `json:"status"`
			} `json:"registration"`
		} `json:"attributes"`
	} `json:"data"`
}

// LEI asks GLEIF for the record of an LEI: nil for a 404 (GLEIF has no such LEI).
func (c *Client) LEI(ctx context.Context, lei string) (*screening.LEIRecord, error) {
	var out *screening.LEIRecord
	err := c.do(ctx, http.MethodGet, c.cfg.GLEIFURL+"/lei-records/"+url.PathEscape(lei), nil, func(status int, body []byte) error {
		switch status {
		case http.StatusNotFound:
			return nil
		case http.StatusOK:
		default:
			return fmt.Errorf("%w: GLEIF answered %d", application.ErrRegistryUnavailable, status)
		}
		var rec gleifRecord
		if err := json.Unmarshal(body, &rec); err != nil || rec.Data.Attributes.LEI == "" {
			return retryable{fmt.Sprintf("GLEIF's answer for %s is not a lei-record", lei)}
		}
		a := rec.Data.Attributes
		addr := a.Entity.LegalAddress
		out = &screening.LEIRecord{LEI: a.LEI, LegalName: a.Entity.LegalName.Name, EntityStatus: a.Entity.Status,
			RegistrationStatus: a.Registration.Status, Jurisdiction: a.Entity.Jurisdiction, Country: addr.Country,
			Address: strings.Join(append(careOfDropped(addr.AddressLines), addr.PostalCode, addr.City), " ")}
		return nil
	})
	return out, err
}

// careOfDropped leaves out the "C/O" lines of an address: they name a registered agent, whose name
// an applicant rarely types, and would outweigh the street in a loose comparison.
func careOfDropped(lines []string) []string {
	var out []string
	for _, l := range lines {
		if up := strings.ToUpper(strings.TrimSpace(l)); !strings.HasPrefix(up, "C/O ") && !strings.HasPrefix(up, "CARE OF ") {
			out = append(out, l)
		}
	}
	return out
}
