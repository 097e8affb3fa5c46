package application

import (
	"context"
	"time"
)

// Throttle counts attempts per key (a client address, an account, a user) where every server
// sees the same counts: in the database, so that a client cannot multiply its allowance by the
// number of servers behind the load balancer.
type Throttle interface {
	// Allow takes one attempt from key's allowance under rate at now and reports whether one was
	// left; a refused attempt takes nothing.
	Allow(ctx context.Context, key string, rate Rate, now time.Time) (bool, error)
	// Reset gives key its whole allowance back.
	Reset(ctx context.Context, key string) error
}

// Rate is an allowance of Burst attempts at once, given back evenly over Per (Burst per Per on
// average).
type Rate struct {
	Burst int
	Per   time.Duration
}

// Unthrottled is the Throttle of a server whose limits are off (AUTH_RATE_LIMIT=0, load tests):
// it allows every attempt and keeps no count.
type Unthrottled struct{}

// Allow allows the attempt.
func (Unthrottled) Allow(context.Context, string, Rate, time.Time) (bool, error) { return true, nil }

// Reset has nothing to give back.
func (Unthrottled) Reset(context.Context, string) error { return nil }
