package verification

import "testing"

func TestFourEyesCovers(t *testing.T) {
	for _, tc := range []struct {
		value      string
		basic, top bool
	}{
		{"off", false, false},
		{"top", false, true},
		{"all", true, true},
	} {
		p, err := ParseFourEyes(tc.value)
		if err != nil {
			t.Fatalf("ParseFourEyes(%q): %v", tc.value, err)
		}
		if p.String() != tc.value || p.Covers(Basic) != tc.basic || p.Covers(Top) != tc.top {
			t.Errorf("%q: String %q, covers Basic %v, Top %v; want Basic %v, Top %v", tc.value, p, p.Covers(Basic),
				p.Covers(Top), tc.basic, tc.top)
		}
	}
	for _, bad := range []string{"", "TOP", "on", "yes"} {
		if _, err := ParseFourEyes(bad); err == nil {
			t.Errorf("ParseFourEyes(%q) accepted", bad)
		}
	}
}
