package http

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"testing"
)

// sqlStateError is how a PostgreSQL driver's error looks to this adapter.
type sqlStateError string

func (e sqlStateError) Error() string    { return "pg: " + string(e) }
func (e sqlStateError) SQLState() string { return string(e) }

// sqliteError is how a SQLite driver's error looks to this adapter.
type sqliteError int

func (e sqliteError) Error() string { return fmt.Sprintf("sqlite: %d", int(e)) }
func (e sqliteError) Code() int     { return int(e) }

func TestDependencyFailuresAre503(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"postgres shutting down", sqlStateError("57P01"), errDatabaseDown.Error()},
		{"postgres starting", fmt.Errorf("load verification 7: %w", sqlStateError("57P03")), errDatabaseDown.Error()},
		{"postgres connection lost", sqlStateError("08006"), errDatabaseDown.Error()},
		{"postgres disk full", sqlStateError("53100"), errStorageFull.Error()},
		{"connection refused", fmt.Errorf("connect: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}), errDatabaseDown.Error()},
		{"sqlite full", fmt.Errorf("insert: %w", sqliteError(13)), errStorageFull.Error()},
		{"sqlite busy", sqliteError(5 | 2<<8), errDatabaseDown.Error()},
		{"disk full", fmt.Errorf("write object: %w", syscall.ENOSPC), errStorageFull.Error()},
	}
	for _, c := range cases {
		status, body := statusOf(c.err)
		if status != http.StatusServiceUnavailable || body.Message != c.want {
			t.Errorf("%s: %d %q, want 503 %q", c.name, status, body.Message, c.want)
		}
	}
	for _, err := range []error{errors.New("boom"), sqlStateError("23505"), sqliteError(19)} {
		if status, _ := statusOf(err); status != http.StatusInternalServerError {
			t.Errorf("%v: %d, want 500", err, status)
		}
	}
}
