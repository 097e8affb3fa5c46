package filesignals_test

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/domain/filesignals"
	fs "github.com/tttverify/tttverify/domain/filesignals/filesignalstest"
)

// inspect writes b in pieces of size n (all at once when n is 0) and returns the facts.
func inspect(contentType string, b []byte, n int) filesignals.Facts {
	in := filesignals.NewInspector(contentType)
	if n == 0 {
		n = len(b) + 1
	}
	for rest := b; len(rest) > 0; {
		k := min(n, len(rest))
		_, _ = in.Write(rest[:k])
		rest = rest[k:]
	}
	return in.Facts()
}

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestFacts(t *testing.T) {
	bookmarks := []byte("%PDF-1.4\n1 0 obj\n<< /Title (Intro) /Parent 2 0 R /Prev 3 0 R /Next 4 0 R >>\nendobj\n" +
		"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 5 /Info << /CreationDate <443A32303234303130313039303030305A> >> >>\nstartxref\n60\n%%EOF\n")
	for _, c := range []struct {
		name, contentType string
		file              []byte
		created, modified string
		updates           int
		changed           bool
		software, editor  string
	}{
		{name: "clean PDF", contentType: "application/pdf", file: fs.PDF{Created: "D:20240105100000Z", Modified: "D:20240105100000Z"}.Bytes(),
			created: "2024-01-05T10:00:00Z", modified: "2024-01-05T10:00:00Z"},
		{name: "saved twice within the minute", contentType: "application/pdf",
			file:    fs.PDF{Created: "D:20240105100000+01'00'", Modified: "D:20240105100045+01'00'"}.Bytes(),
			created: "2024-01-05T09:00:00Z", modified: "2024-01-05T09:00:45Z"},
		{name: "modified after creation", contentType: "application/pdf",
			file:    fs.PDF{Created: "D:20240105100000+01'00'", Modified: "D:20250302081500-05'00'"}.Bytes(),
			created: "2024-01-05T09:00:00Z", modified: "2025-03-02T13:15:00Z", changed: true},
		{name: "incremental update", contentType: "application/pdf", file: fs.PDF{Updates: 1}.Bytes(), updates: 1},
		{name: "two incremental updates", contentType: "application/pdf", file: fs.PDF{Updates: 2}.Bytes(), updates: 2},
		{name: "linearized", contentType: "application/pdf", file: fs.PDF{Linearized: true}.Bytes()},
		{name: "linearized and updated", contentType: "application/pdf", file: fs.PDF{Linearized: true, Updates: 1}.Bytes(), updates: 1},
		{name: "XMP dates when the Info dictionary has none", contentType: "application/pdf",
			file:    fs.PDF{XMPCreated: "2023-06-01T12:00:00+02:00", XMPModified: "2024-02-01T08:00:00.25Z"}.Bytes(),
			created: "2023-06-01T10:00:00Z", modified: "2024-02-01T08:00:00.25Z", changed: true},
		{name: "Info dictionary before XMP", contentType: "application/pdf",
			file:    fs.PDF{Created: "D:20240105", Modified: "D:20240105", XMPCreated: "2023-06-01", XMPModified: "2024-02-01"}.Bytes(),
			created: "2024-01-05T00:00:00Z", modified: "2024-01-05T00:00:00Z"},
		{name: "outline /Prev and a hex date", contentType: "application/pdf", file: bookmarks, created: "2024-01-01T09:00:00Z"},
		{name: "year only and a broken date", contentType: "application/pdf", file: fs.PDF{Created: "D:2024", Modified: "D:2024139900"}.Bytes(),
			created: "2024-01-01T00:00:00Z"},
		{name: "clean JPEG", contentType: "image/jpeg", file: fs.JPEG("", "")},
		{name: "camera JPEG", contentType: "image/jpeg", file: fs.JPEG("Canon EOS 5D firmware 1.1", ""), software: "Canon EOS 5D firmware 1.1"},
		{name: "Photoshop JPEG", contentType: "image/jpeg", file: fs.JPEG("Adobe Photoshop 25.0 (Windows)", ""),
			software: "Adobe Photoshop 25.0 (Windows)", editor: "Adobe Photoshop 25.0 (Windows)"},
		{name: "short EXIF value", contentType: "image/jpeg", file: fs.JPEG("GIMP", ""), software: "GIMP", editor: "GIMP"},
		{name: "XMP CreatorTool", contentType: "image/jpeg", file: fs.JPEG("", "Pixelmator Pro 3.5"),
			software: "Pixelmator Pro 3.5", editor: "Pixelmator Pro 3.5"},
		{name: "clean PNG", contentType: "image/png", file: fs.PNG("")},
		{name: "PNG Software text after the image data", contentType: "image/png", file: fs.PNG("paint.net 5.0.13"),
			software: "paint.net 5.0.13", editor: "paint.net 5.0.13"},
		{name: "PNG compressed XMP", contentType: "image/png", file: pngWith(fs.Chunk("iTXt",
			append([]byte("XML:com.adobe.xmp\x00\x01\x00\x00\x00"), deflate(`<rdf:Description xmp:CreatorTool="Canva"/>`)...))),
			software: "Canva", editor: "Canva"},
		{name: "PNG zTXt", contentType: "image/png", file: pngWith(fs.Chunk("zTXt", append([]byte("Software\x00\x00"), deflate("Affinity Photo 2")...))),
			software: "Affinity Photo 2", editor: "Affinity Photo 2"},
		{name: "PNG control characters", contentType: "image/png", file: fs.PNG("Snapseed\x00\x01 2.0\n"),
			software: "Snapseed 2.0", editor: "Snapseed 2.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sum := sha256.Sum256(c.file)
			for _, piece := range []int{0, 1, 7, 4096} { // the same facts however the stream is cut
				f := inspect(c.contentType, c.file, piece)
				if f.SHA256 != hex.EncodeToString(sum[:]) {
					t.Fatalf("piece %d: sha256 %s", piece, f.SHA256)
				}
				if got, want := f.Created, parseOrZero(c.created); !got.Equal(want) {
					t.Errorf("piece %d: created %v, want %v", piece, got, want)
				}
				if got, want := f.Modified, parseOrZero(c.modified); !got.Equal(want) {
					t.Errorf("piece %d: modified %v, want %v", piece, got, want)
				}
				if f.Updates != c.updates || f.ModifiedAfterCreation() != c.changed || f.Software != c.software || f.EditingSoftware() != c.editor {
					t.Errorf("piece %d: updates %d changed %v software %q editor %q; want %d %v %q %q", piece,
						f.Updates, f.ModifiedAfterCreation(), f.Software, f.EditingSoftware(), c.updates, c.changed, c.software, c.editor)
				}
			}
		})
	}
}

func parseOrZero(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	return date(s)
}

func pngWith(chunk []byte) []byte {
	raw := fs.PNG("")
	return append(append(bytes.Clone(raw[:len(raw)-12]), chunk...), raw[len(raw)-12:]...)
}

func deflate(s string) []byte {
	var b bytes.Buffer
	z := zlib.NewWriter(&b)
	_, _ = z.Write([]byte(s))
	_ = z.Close()
	return b.Bytes()
}

// TestHostileFiles feeds every prefix of each sample, bytes flipped at random and lengths that
// lie: the inspector must neither panic nor hold on to more than a bounded amount.
func TestHostileFiles(t *testing.T) {
	samples := map[string][]byte{
		"application/pdf": fs.PDF{Created: "D:20240105100000Z", Modified: "D:20250105100000Z", XMPCreated: "2024-01-01", Updates: 1, Linearized: true}.Bytes(),
		"image/jpeg":      fs.JPEG("Adobe Photoshop 25.0", "GIMP 2.10"),
		"image/png":       pngWith(fs.Chunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x01\x00\x00\x00"), deflate(`xmp:CreatorTool="Canva"`)...))),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for contentType, good := range samples {
		for n := range len(good) {
			inspect(contentType, good[:n], 3)
		}
		for range 2000 {
			bad := bytes.Clone(good)
			for range 1 + rng.IntN(8) {
				bad[rng.IntN(len(bad))] = byte(rng.IntN(256))
			}
			inspect(contentType, bad, 1+rng.IntN(64))
		}
	}
	// Lengths that promise more than the file holds.
	for _, b := range [][]byte{
		{0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 'E', 'x'},
		append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x20}, "Exif\x00\x00MM\x00*\xff\xff\xff\xf0"...),
		append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x1a}, "Exif\x00\x00II*\x00\x08\x00\x00\x00\xff\xff\x31\x01\x02\x00\xff\xff\xff\xff"...),
		append([]byte("\x89PNG\r\n\x1a\n"), fs.Chunk("tEXt", []byte("Software"))...),
		append([]byte("\x89PNG\r\n\x1a\n\xff\xff\xff\xfftEXt"), bytes.Repeat([]byte{'a'}, 100)...),
		[]byte("%PDF-1.4 /CreationDate (D:2024 /ModDate <FEFF00 trailer /Prev"),
		[]byte("%PDF-1.4 /CreationDate <zz> /ModDate (D:99999999999999+99'99') xmp:CreateDate=\""),
	} {
		for _, ct := range []string{"application/pdf", "image/jpeg", "image/png"} {
			f := inspect(ct, b, 2)
			if f.Software != "" || f.ModifiedAfterCreation() {
				t.Errorf("%s %q: facts %+v from a broken file", ct, b, f)
			}
		}
	}
}

// TestLargeBlocks checks that a 30 MB PDF streams through with bounded state and that updates
// far apart in it are all counted.
func TestLargeBlocks(t *testing.T) {
	head := fs.PDF{Created: "D:20240105100000Z", Modified: "D:20240105100000Z"}.Bytes()
	filler := bytes.Repeat([]byte("0123456789abcdef"), 1<<20) // 16 MB of stream data
	file := append(append(append(bytes.Clone(head), filler...), filler[:14<<20]...),
		"trailer\n<< /Prev 9 /Info << /ModDate (D:20240301000000Z) >> >>\nstartxref\n9\n%%EOF\n"...)
	f := inspect("application/pdf", file, 1<<20)
	if f.Updates != 1 || !f.ModifiedAfterCreation() {
		t.Fatalf("facts %+v, want one update, modified", f)
	}
}

func FuzzInspector(f *testing.F) {
	f.Add([]byte(fs.PDF{Updates: 1}.Bytes()), "application/pdf")
	f.Add(fs.JPEG("GIMP", "Canva"), "image/jpeg")
	f.Add(fs.PNG("Photoshop"), "image/png")
	f.Fuzz(func(t *testing.T, b []byte, ct string) {
		got := inspect(ct, b, 5)
		if len(got.Software) > 120 {
			t.Fatalf("software %d bytes", len(got.Software))
		}
	})
}

func TestFlags(t *testing.T) {
	f := filesignals.Facts{Created: date("2024-01-05T09:00:00Z"), Modified: date("2025-03-02T13:15:00Z"), Updates: 2,
		Software: "Adobe Photoshop 25.0 (Windows)"}
	var got []string
	for _, fl := range f.Flags() {
		got = append(got, string(fl.Kind)+": "+fl.Message)
	}
	want := []string{
		"modified_after_creation: Modified after it was created: the PDF says it was created 5 Jan 2024 09:00 UTC and modified 2 Mar 2025 13:15 UTC",
		"incremental_updates: Changed after it was first saved: the PDF carries 2 incremental updates (content appended to the original)",
		`editing_software: Made or edited with image software: the file's metadata names "Adobe Photoshop 25.0 (Windows)"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("flags:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if fl := (filesignals.Facts{Updates: 1, Software: "Canon EOS"}).Flags(); len(fl) != 1 || !strings.Contains(fl[0].Message, "an incremental update") {
		t.Errorf("one update, camera software: %+v", fl)
	}
	same := filesignals.SameFile(42, "Borealis Trading GmbH", date("2026-11-20T10:00:00Z"))
	if same.Message != "The same file was uploaded in verification 42 (Borealis Trading GmbH) of another account on 20 Nov 2026" || same.VerificationID != 42 {
		t.Errorf("same file: %+v", same)
	}
}

// TestInspectorMemory streams 30 MB of each type through an inspector in the pieces a store reads
// and checks how much it allocates: the upload budget (20 MB per upload in flight) must hold.
func TestInspectorMemory(t *testing.T) {
	for contentType, head := range map[string][]byte{
		"application/pdf": fs.PDF{Created: "D:20240105100000Z"}.Bytes(),
		"image/jpeg":      fs.JPEG("GIMP", ""),
		"image/png":       fs.PNG("GIMP"),
	} {
		piece := bytes.Repeat([]byte("stream data %%EOF trailer /Prev 1 "), 1000)[:32<<10]
		in := filesignals.NewInspector(contentType)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _ = in.Write(head)
		for range 30 << 20 / len(piece) {
			_, _ = in.Write(piece)
		}
		in.Facts()
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%s: %d bytes allocated for 30 MB", contentType, got)
		}
	}
}
