package http

import (
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/tttverify/tttverify/domain/errs"
)

// Answers to requests that failed because something the server depends on is down; the server
// itself recovers as soon as it is back, without a restart.
var (
	errDatabaseDown = errs.Unavailable("The service is temporarily unavailable; please try again in a moment")
	errStorageFull  = errs.Unavailable("The server's storage is full; please try again later")
)

// sqlite result codes (the low byte of an extended code).
const (
	sqliteBusy  = 5
	sqliteIOErr = 10
	sqliteFull  = 13
)

// dependencyFailure recognises an error from a database that does not answer or a disk that is
// full, by the interfaces the drivers' errors have, so that this adapter knows no driver: a
// PostgreSQL SQLSTATE of connection failure or shutdown, a SQLite result code, a refused or
// broken connection, ENOSPC. It returns nil for anything else. A request body that ends early
// (io.ErrUnexpectedEOF too) never reaches it: uploads mark their read errors as the client's
// (uploadPart) and bindJSON reads its body before anything else.
func dependencyFailure(err error) error {
	var state interface{ SQLState() string }
	if errors.As(err, &state) {
		switch code := state.SQLState(); {
		case code == "53100": // disk_full
			return errStorageFull
		case strings.HasPrefix(code, "08"), code == "57P01", code == "57P02", code == "57P03", code == "53300":
			// connection exception, admin or crash shutdown, cannot connect now, too many connections
			return errDatabaseDown
		}
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case sqliteFull:
			return errStorageFull
		case sqliteBusy, sqliteIOErr:
			return errDatabaseDown
		}
	}
	var netErr *net.OpError
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return errStorageFull
	case errors.As(err, &netErr), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, driver.ErrBadConn), errors.Is(err, io.ErrUnexpectedEOF):
		return errDatabaseDown
	}
	return nil
}
