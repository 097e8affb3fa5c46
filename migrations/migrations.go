// Package migrations embeds the versioned SQL migrations, one folder per database dialect.
package migrations

import "embed"

// Postgres holds the PostgreSQL migrations.
//
//go:embed postgres/*.sql
var Postgres embed.FS

// SQLite holds the SQLite migrations.
//
//go:embed sqlite/*.sql
var SQLite embed.FS
