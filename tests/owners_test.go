package tests

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/screening"
)

// ownerBody is a beneficial owner as the applicant's form sends it.
var ownerBody = map[string]any{"fullName": "Maria Keller", "dateOfBirth": "1968-05-09", "nationality": "CH",
	"countryOfResidence": "DE", "ownershipPercentage": 60, "natureOfControl": []string{"shares", "voting_rights"}, "controlText": ""}

func withOwner(over map[string]any) map[string]any { return merged(ownerBody, over) }

// ownerDraft is a Top draft with every section filled and the declaration withdrawn, so that it
// lacks beneficial ownership only; it returns the draft and its representative's id.
func ownerDraft(t *testing.T, c *client) (api.Verification, int64) {
	t.Helper()
	v := fillVerification(t, c, "top")
	base := "/api/verifications/" + itoa(v.ID)
	var o api.Ownership
	c.must(http.StatusOK, "GET", base+"/beneficial-owners", nil).JSON(t, &o)
	if o.Declaration == nil {
		t.Fatalf("the filled Top draft has no declaration: %+v", o)
	}
	c.must(http.StatusNoContent, "DELETE", base+"/ownership-declaration", nil)
	return v, o.Declaration.SeniorOfficialID
}

// A Top verification cannot be submitted without beneficial owners or the declaration, and the
// 422 says so; the owners are validated in plain words; Basic never needs them and refuses them.
func TestBeneficialOwnersAreNeededForTop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "owners@acme.example")
		v, repID := ownerDraft(t, c)
		base := "/api/verifications/" + itoa(v.ID)

		r := c.must(http.StatusUnprocessableEntity, "POST", base+"/submit", nil)
		if !strings.Contains(string(r.Body), "beneficial owners (name them, or make the declaration that no natural person owns or controls the threshold)") {
			t.Fatalf("422 does not name the missing owners: %s", r.Body)
		}
		var got api.Verification
		c.must(http.StatusOK, "GET", base, nil).JSON(t, &got)
		if got.Status != "draft" || got.Progress != 80 {
			t.Fatalf("after the refused submit: %s at %d%%, want draft at 80%% (the third step lacks owners)", got.Status, got.Progress)
		}

		// Validation, in plain words, and nothing stored.
		c.mustFail(http.StatusBadRequest, api.Error{Message: "Please correct the highlighted fields", Errors: map[string]string{
			"ownershipPercentage": "An owner through shares or voting rights holds at least 25%; below that, choose another nature of control",
			"controlText":         "Describe the other control"}},
			"POST", base+"/beneficial-owners", withOwner(map[string]any{"ownershipPercentage": 10, "natureOfControl": []string{"shares", "other"}}))
		c.mustFail(http.StatusBadRequest, api.Error{Message: "The senior managing official must be one of the representatives",
			Errors: map[string]string{"seniorOfficialId": "The senior managing official must be one of the representatives"}},
			"PUT", base+"/ownership-declaration", map[string]int64{"seniorOfficialId": repID + 1000})

		// Owners: 60% and 40.01% are more than the whole company.
		var maria api.BeneficialOwner
		c.must(http.StatusCreated, "POST", base+"/beneficial-owners", ownerBody).JSON(t, &maria)
		if maria.OwnershipPercentage != 60 || !slices.Equal(maria.NatureOfControl, []string{"shares", "voting_rights"}) {
			t.Fatalf("owner %+v", maria)
		}
		c.mustFail(http.StatusBadRequest, api.Error{Message: "The owners' percentages add up to more than 100%",
			Errors: map[string]string{"ownershipPercentage": "The owners' percentages add up to more than 100%"}},
			"POST", base+"/beneficial-owners", withOwner(map[string]any{"fullName": "Otto Brandt", "ownershipPercentage": 40.01}))
		c.mustFail(http.StatusConflict, api.Error{Message: "Remove the beneficial owners before declaring that none owns or controls the threshold"},
			"PUT", base+"/ownership-declaration", map[string]int64{"seniorOfficialId": repID})
		c.must(http.StatusOK, "POST", base+"/submit", nil)

		// Basic: submitted without owners, and owners refused.
		b := fillVerification(t, c, "basic")
		c.mustFail(http.StatusConflict, api.Error{Message: "Beneficial owners are asked for Top verifications only"},
			"POST", "/api/verifications/"+itoa(b.ID)+"/beneficial-owners", ownerBody)
		c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(b.ID)+"/submit", nil)
	})
}

// An owner whose name is a variation of a listed person raises a hit on the owner and approval waits
// for the reviewer's decision; the reviewer reads the owners; the CIS lists them (by initials in
// the shared copy); the certificate claims beneficial ownership without a name.
func TestBeneficialOwnerIsScreened(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml"))
		e.importJurisdictions(t)
		adm := e.admin(t)
		c := e.register(t, "owned@acme.example")
		v, _ := ownerDraft(t, c)
		base := "/api/verifications/" + itoa(v.ID)
		// The EU lists "Ivan Sergeyevich Kuznetsov", born 14 March 1971, Russian.
		var ivan api.BeneficialOwner
		c.must(http.StatusCreated, "POST", base+"/beneficial-owners", withOwner(map[string]any{"fullName": "Ivan Sergeevich Kuznetsov",
			"dateOfBirth": "1971-03-14", "nationality": "RU", "countryOfResidence": "CH", "ownershipPercentage": 75})).JSON(t, &ivan)
		if r := c.upload(base+"/beneficial-owners/"+itoa(ivan.ID)+"/document", "id-card.png", pngFile, nil); r.Status != http.StatusCreated {
			t.Fatalf("identity document: %d %s", r.Status, r.Body)
		}
		c.must(http.StatusOK, "POST", base+"/submit", nil)
		pay(t, c, v.ID)
		e.screenQueued(t)

		s := screeningOf(t, adm, v.ID)
		owner := subjectOf(s, "beneficial_owner")
		if owner.Name != "Ivan Sergeevich Kuznetsov" || len(owner.Hits) != 1 || checkOf(owner, "sanctions").Result != "hits" {
			t.Fatalf("owner subject %+v", owner)
		}
		if kyc := checkOf(owner, "kyc"); kyc.Result != "clear" || !strings.Contains(owner.Details, "owns 75%") {
			t.Fatalf("owner KYC %+v, details %q", kyc, owner.Details)
		}
		if rep := subjectOf(s, "representative"); len(rep.Hits) != 0 {
			t.Fatalf("the representative has hits: %+v", rep.Hits)
		}
		vid := itoa(v.ID)
		adm.mustFail(http.StatusConflict, api.Error{Message: "Screening is not finished: 1 screening hit is undecided; " +
			"PEP screening was unavailable and has not been acknowledged"}, "POST", "/api/admin/verifications/"+vid+"/approve", nil)

		// The reviewer reads the owners, with the identity document.
		var o api.Ownership
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/beneficial-owners", nil).JSON(t, &o)
		if len(o.Owners) != 1 || o.Owners[0].FullName != "Ivan Sergeevich Kuznetsov" || o.Owners[0].DocumentURL == nil || o.Declaration != nil ||
			o.DeclarationText != "No natural person owns or controls 25% or more" {
			t.Fatalf("admin ownership %+v", o)
		}
		c.must(http.StatusForbidden, "GET", "/api/admin/verifications/"+vid+"/beneficial-owners", nil)

		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/screening/hits/"+itoa(owner.Hits[0].ID)+"/decision",
			map[string]string{"outcome": "false_positive", "note": "Different person: Swiss resident, different passport"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/screening/pep-acknowledgement",
			map[string]string{"note": "No PEP list in this test"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/approve", nil)

		// The public certificate claims beneficial ownership, with the date, and never a name.
		checks, body := publicChecks(t, e.client(t), v.PublicID)
		var claim string
		for _, ch := range checks {
			if ch.Kind == "beneficial_ownership" {
				claim = ch.Text
			}
		}
		if claim != "Beneficial ownership declared and screened. Checked 22 Nov 2026" {
			t.Fatalf("ownership claim %q in %v", claim, kinds(checks))
		}
		for _, secret := range []string{"Kuznetsov", "Ivan", "1971"} {
			if strings.Contains(body, secret) {
				t.Errorf("the public certificate shows %q", secret)
			}
		}

		// The CIS: names in the company's copy, initials in the shared one.
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/generate-cis", nil)
		var cis api.CISForm
		c.must(http.StatusOK, "GET", base+"/cis-form", nil).JSON(t, &cis)
		own := pdfText(t, c.must(http.StatusOK, "GET", cis.URL, nil).Body)
		for _, want := range []string{"2a. Beneficial Owners", "Beneficial owner 1 of 1: Ivan Sergeevich Kuznetsov", "March 14, 1971",
			"75%", "Shares; Voting rights", "Passport - Ivan Sergeevich", "Beneficial ownership declared and screened"} {
			if !strings.Contains(own, want) {
				t.Errorf("the company's CIS lacks %q", want)
			}
		}
		var share api.Share
		c.must(http.StatusOK, "POST", base+"/cis-form/share", nil).JSON(t, &share)
		shared := pdfText(t, e.client(t).must(http.StatusOK, "GET", share.URL, nil).Body)
		if !strings.Contains(shared, "Beneficial owner 1 of 1: I. S. K.") || !strings.Contains(shared, "Passport - I. S. K.") {
			t.Errorf("the shared CIS lacks the owner by initials:\n%s", shared)
		}
		for _, secret := range []string{"Kuznetsov", "March 14, 1971"} {
			if strings.Contains(shared, secret) {
				t.Errorf("the shared CIS shows %q", secret)
			}
		}
	})
}
