package password

import (
	"strings"
	"sync"

	"github.com/trustelem/zxcvbn/frequency"
)

// Common is the application.CommonPasswords list: the 30,000 most common passwords of zxcvbn's
// frequency list (github.com/trustelem/zxcvbn, MIT licence), compared without regard to case, so
// that "Password1" is as common as "password1".
type Common struct{ set map[string]struct{} }

// NewCommon returns the list, built once per process.
func NewCommon() *Common { return common() }

var common = sync.OnceValue(func() *Common {
	list := frequency.FrequencyLists["passwords"]
	c := &Common{set: make(map[string]struct{}, len(list))}
	for _, p := range list {
		c.set[strings.ToLower(p)] = struct{}{}
	}
	return c
})

// Len is the number of passwords on the list.
func (c *Common) Len() int { return len(c.set) }

// Common reports whether password is on the list.
func (c *Common) Common(password string) bool {
	_, ok := c.set[strings.ToLower(password)]
	return ok
}
