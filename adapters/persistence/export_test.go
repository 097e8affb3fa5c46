package persistence

import "context"

// RareWord exposes the company search's choice of the word it looks up, for its test.
func (r *Verifications) RareWord(ctx context.Context, text string) string {
	return r.rareWord(ctx, text)
}

// PoolSize is how many connections Warm opens on PostgreSQL.
const PoolSize = poolSize
