package application

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/tttverify/tttverify/domain/filesignals"
	"github.com/tttverify/tttverify/domain/filesignals/filesignalstest"
)

// An upload inspected beside its storing learns what inspecting it in turn learns: the same hash,
// dates and updates, whether the store hands it over in pieces smaller or larger than a buffer.
func TestInspectionBesideTheUploadFindsWhatInspectingInTurnFinds(t *testing.T) {
	pdf := filesignalstest.PDF{Title: "Invoice", Created: "D:20260101090000Z", Modified: "D:20260301090000Z", Updates: 2}.Bytes()
	filler := make([]byte, 3*inspectionBuffer+12345) // several hand-overs' worth
	_, _ = rand.NewChaCha8([32]byte{}).Read(filler)
	file := bytes.Join([][]byte{pdf, filler, pdf}, nil) // the same sections again after the filler

	want := filesignals.NewInspector("application/pdf")
	_, _ = want.Write(file)
	wanted := want.Facts()
	if wanted.Updates == 0 || wanted.Modified.IsZero() {
		t.Fatalf("the test file shows too little to compare: %+v", wanted)
	}
	sum := sha256.Sum256(file)
	if wanted.SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatal("the inspector in turn hashed something else")
	}

	for _, piece := range []int{999, 4096, inspectionBuffer - 1, inspectionBuffer, 5 << 20} {
		x := newInspection(filesignals.NewInspector("application/pdf"))
		for rest := file; len(rest) > 0; {
			n := min(piece, len(rest))
			buf := bytes.Clone(rest[:n])
			_, _ = x.Write(buf)
			clear(buf) // the caller reuses its buffer as soon as Write returns
			rest = rest[n:]
		}
		if got := x.Facts(); got != wanted {
			t.Errorf("pieces of %d bytes: %+v, want %+v", piece, got, wanted)
		}
	}
}

// An upload that fails part way ends its inspection without Facts: the inspecting goroutine stops,
// and ending it twice is harmless.
func TestInspectionEndsWithoutFacts(t *testing.T) {
	x := newInspection(filesignals.NewInspector("application/pdf"))
	_, _ = x.Write(make([]byte, 2*inspectionBuffer))
	x.close()
	x.close()
	select {
	case <-x.done:
	default:
		t.Fatal("the inspecting goroutine still runs after close")
	}
}
