package verification

import (
	"errors"
	"slices"
	"testing"

	"github.com/tttverify/tttverify/domain/errs"
)

var owner = BeneficialOwner{FullName: "Maria Keller", DateOfBirth: "1970-04-02", Nationality: "CH", CountryOfResidence: "DE",
	Ownership: 4000, Controls: []Control{ControlShares}}

func TestBeneficialOwnerValidation(t *testing.T) {
	with := func(change func(o *BeneficialOwner)) BeneficialOwner {
		o := owner
		o.Controls = slices.Clone(owner.Controls)
		change(&o)
		return o
	}
	cases := []struct {
		name  string
		owner BeneficialOwner
		want  map[string]string // field: message; nil when valid
	}{
		{"valid shareholder", owner, nil},
		{"empty", BeneficialOwner{}, map[string]string{"fullName": "Full name is required",
			"dateOfBirth": "Date of birth is required", "nationality": "Nationality is required",
			"countryOfResidence": "Country of residence is required", "natureOfControl": "Choose at least one nature of control"}},
		{"born tomorrow", with(func(o *BeneficialOwner) { o.DateOfBirth = "2026-11-23" }),
			map[string]string{"dateOfBirth": "Date of birth must be a past date"}},
		{"shares below the threshold", with(func(o *BeneficialOwner) { o.Ownership = 2499 }),
			map[string]string{"ownershipPercentage": "An owner through shares or voting rights holds at least 25%; below that, choose another nature of control"}},
		{"exactly the threshold", with(func(o *BeneficialOwner) { o.Ownership = 2500 }), nil},
		{"over 100", with(func(o *BeneficialOwner) { o.Ownership = 10001 }),
			map[string]string{"ownershipPercentage": "Ownership must be between 0 and 100%"}},
		{"control alone, no holding", with(func(o *BeneficialOwner) {
			o.Ownership, o.Controls = 0, []Control{ControlAppointBoard}
		}), nil},
		{"other control without a text", with(func(o *BeneficialOwner) { o.Controls = []Control{ControlOther} }),
			map[string]string{"controlText": "Describe the other control", "ownershipPercentage": ""}},
		{"other control with a text", with(func(o *BeneficialOwner) {
			o.Controls, o.ControlText, o.Ownership = []Control{ControlOther}, "Veto under a shareholder agreement", 0
		}), nil},
		{"unknown control", with(func(o *BeneficialOwner) { o.Controls = []Control{"friendship"} }),
			map[string]string{"natureOfControl": "Choose shares, voting rights, right to appoint the board or other control"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.owner.Validate(now, DefaultOwnerThreshold)
			if c.want == nil {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			got := fieldErrors(t, err)
			for f, msg := range c.want {
				if msg == "" { // the field must not be faulted
					if _, bad := got[f]; bad {
						t.Errorf("%s faulted: %q", f, got[f])
					}
					continue
				}
				if got[f] != msg {
					t.Errorf("%s = %q, want %q (all: %v)", f, got[f], msg, got)
				}
			}
		})
	}
}

func TestBeneficialOwnerThresholdIsConfigurable(t *testing.T) {
	o := owner
	o.Ownership = 1000
	if err := o.Validate(now, 10); err != nil {
		t.Fatalf("10%% owner at a 10%% threshold: %v", err)
	}
	if err := o.Validate(now, 25); err == nil {
		t.Fatal("10% owner at a 25% threshold accepted")
	}
}

func TestOwnersTotalAtMost100(t *testing.T) {
	a, b := owner, owner
	a.Ownership, b.Ownership = 6000, 4000
	if err := CheckTotal([]BeneficialOwner{a, b}); err != nil {
		t.Fatalf("60%% + 40%%: %v", err)
	}
	b.Ownership = 4001
	if err := CheckTotal([]BeneficialOwner{a, b}); !errors.Is(err, ErrOwnershipOver100) {
		t.Fatalf("60%% + 40.01%%: %v, want ErrOwnershipOver100", err)
	}
}

func TestDeclarationNamesARepresentative(t *testing.T) {
	reps := []int64{4, 7}
	if err := (OwnershipDeclaration{SeniorOfficialID: 7}).Validate(reps); err != nil {
		t.Fatalf("representative 7: %v", err)
	}
	for _, id := range []int64{0, 9} {
		err := OwnershipDeclaration{SeniorOfficialID: id}.Validate(reps)
		var k errs.Fielded
		if !errors.As(err, &k) || k.Fields()["seniorOfficialId"] == "" {
			t.Errorf("senior official %d: %v, want a seniorOfficialId error", id, err)
		}
	}
	if got := (OwnershipDeclaration{Threshold: 25}).Text(); got != "No natural person owns or controls 25% or more" {
		t.Errorf("declaration text %q", got)
	}
}

func TestFormatPercent(t *testing.T) {
	for in, want := range map[int]string{2500: "25%", 3333: "33.33%", 2550: "25.5%", 0: "0%", 10000: "100%"} {
		if got := FormatPercent(in); got != want {
			t.Errorf("FormatPercent(%d) = %q, want %q", in, got, want)
		}
	}
}

// TestTopNeedsOwnershipToSubmit: a Top verification with all five sections cannot be submitted
// without owners or the declaration, and names what is missing; Basic never needs them.
func TestTopNeedsOwnershipToSubmit(t *testing.T) {
	top, _ := New(1, Top, now)
	var inc IncompleteError
	if err := top.Submit(complete, now); !errors.As(err, &inc) || !slices.Contains(inc.Missing, SectionOwners) {
		t.Fatalf("Top without owners: %v, want missing %q", err, SectionOwners)
	}
	if top.Status() != Draft {
		t.Fatalf("status %s after a refused submit", top.Status())
	}
	for _, c := range []Completeness{{Owners: 2}, {OwnershipDeclared: true}} {
		v, _ := New(1, Top, now)
		c.HasCompany, c.Representatives, c.HasBanking, c.HasTrade, c.DocumentTypes = true, 1, true, true, complete.DocumentTypes
		if err := v.Submit(c, now); err != nil {
			t.Errorf("Top with %+v: %v", c, err)
		}
	}
	basic, _ := New(1, Basic, now)
	if err := basic.Submit(complete, now); err != nil {
		t.Fatalf("Basic without owners: %v", err)
	}
}

// TestTopProgressCountsOwnershipWithBanking: for Top the third step is done only with banking and
// ownership both.
func TestTopProgressCountsOwnershipWithBanking(t *testing.T) {
	c := Completeness{HasCompany: true, Representatives: 1, HasBanking: true, OwnershipRequired: true}
	if got := c.Progress(); got != 40 {
		t.Errorf("Top with banking, no owners: %d, want 40", got)
	}
	c.OwnershipDeclared = true
	if got := c.Progress(); got != 60 {
		t.Errorf("Top with banking and the declaration: %d, want 60", got)
	}
	c.OwnershipRequired = false
	c.OwnershipDeclared = false
	if got := c.Progress(); got != 60 {
		t.Errorf("Basic with banking: %d, want 60", got)
	}
}
