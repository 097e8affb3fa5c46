package verification

// Tier is the depth of the verification a company buys.
type Tier struct{ s string }

// The two tiers of spec section 1.
var (
	Basic = Tier{"basic"}
	Top   = Tier{"top"}
)

// Tiers lists every tier.
var Tiers = []Tier{Basic, Top}

// ParseTier turns a stored or requested string into a Tier.
func ParseTier(s string) (Tier, error) {
	for _, t := range Tiers {
		if t.s == s {
			return t, nil
		}
	}
	return Tier{}, ErrUnknownValue.Detailf("tier %q", s)
}

func (t Tier) String() string { return t.s }

// Label is how the interface names the tier.
func (t Tier) Label() string {
	if t == Top {
		return "Top Tier"
	}
	return "Basic"
}
