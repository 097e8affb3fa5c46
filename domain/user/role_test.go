package user

import "testing"

func TestRoles(t *testing.T) {
	cases := []struct {
		name                 string
		want                 Role
		reviews, administers bool
	}{
		{"", NoRole, false, false},
		{"reviewer", Reviewer, true, false},
		{"admin", Admin, true, true},
	}
	for _, c := range cases {
		r, err := ParseRole(c.name)
		if err != nil || r != c.want {
			t.Errorf("ParseRole(%q) = %v, %v; want %v", c.name, r, err, c.want)
		}
		if r.String() != c.name || r.Reviews() != c.reviews || r.Administers() != c.administers {
			t.Errorf("%q: String %q, Reviews %v, Administers %v", c.name, r, r.Reviews(), r.Administers())
		}
	}
	for _, bad := range []string{"Admin", "administrator", "applicant", " reviewer"} {
		if _, err := ParseRole(bad); err == nil {
			t.Errorf("ParseRole(%q) accepted", bad)
		}
	}
}
