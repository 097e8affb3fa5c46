package registry

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// viesAnswer is VIES' REST answer to `POST /check-vat-number`, or its error.
type viesAnswer struct {
	Valid         *bool  `json:"valid"`
	CountryCode   string `json:"countryCode"`
	VATNumber     string `json:"vatNumber"`
	Name          string `json:"name"`
	Address       string `json:"address"`
	ErrorWrappers []struct {
		Error   string `json:"error"`
		Message string `json:"message"`
	} `json:"errorWrappers"`
}

// viesBusy are VIES' errors that mean "ask again later": a member state's service or VIES itself
// is down or overloaded.
var viesBusy = map[string]bool{"MS_UNAVAILABLE": true, "MS_MAX_CONCURRENT_REQ": true, "SERVICE_UNAVAILABLE": true,
	"TIMEOUT": true, "GLOBAL_MAX_CONCURRENT_REQ": true, "GLOBAL_MAX_CONCURRENT_REQ_TIME": true,
	"MS_MAX_CONCURRENT_REQ_TIME": true}

// VAT asks VIES whether a member state knows the number. A number VIES calls invalid (or refuses
// as INVALID_INPUT) is an answer with Valid false.
func (c *Client) VAT(ctx context.Context, country, number string) (*screening.VATRecord, error) {
	body, err := json.Marshal(map[string]string{"countryCode": country, "vatNumber": number})
	if err != nil {
		return nil, err
	}
	var out *screening.VATRecord
	err = c.do(ctx, http.MethodPost, c.cfg.VIESURL+"/check-vat-number", body, func(status int, data []byte) error {
		var a viesAnswer
		if err := json.Unmarshal(data, &a); err != nil {
			return retryable{fmt.Sprintf("VIES answered %d with no JSON", status)}
		}
		if len(a.ErrorWrappers) > 0 { // VIES names one error; the first decides
			e := a.ErrorWrappers[0]
			switch {
			case viesBusy[e.Error]:
				return retryable{"VIES: " + e.Error}
			case e.Error == "INVALID_INPUT":
				out = &screening.VATRecord{CountryCode: country, Number: number}
				return nil
			}
			return fmt.Errorf("%w: VIES: %s %s", application.ErrRegistryUnavailable, e.Error, e.Message)
		}
		if status != http.StatusOK || a.Valid == nil {
			return fmt.Errorf("%w: VIES answered %d without a result", application.ErrRegistryUnavailable, status)
		}
		out = &screening.VATRecord{Valid: *a.Valid, CountryCode: a.CountryCode, Number: a.VATNumber, Name: a.Name,
			Address: a.Address}
		return nil
	})
	return out, err
}
