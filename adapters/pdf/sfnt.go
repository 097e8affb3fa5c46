package pdf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// sfnt is a parsed TrueType font: its tables and the character map. It is read once and shared;
// subset cuts a small font per document from it, because fpdf parses every font it is given in
// full, which takes a quarter of a second for the 28,000 glyphs of the CJK face.
type sfnt struct {
	tables  map[string][]byte
	cmap    map[rune]uint16 // BMP rune -> glyph
	glyphs  int
	metrics int // long horizontal metrics (hhea.numberOfHMetrics)
	upm     int
	loca    []uint32
}

var be = binary.BigEndian

func parseSFNT(b []byte) (*sfnt, error) {
	if len(b) < 12 || be.Uint32(b) != 0x00010000 {
		return nil, errors.New("not a TrueType font")
	}
	n := int(be.Uint16(b[4:]))
	f := &sfnt{tables: make(map[string][]byte, n)}
	for i := range n {
		rec := b[12+16*i:]
		off, size := be.Uint32(rec[8:]), be.Uint32(rec[12:])
		if uint64(off)+uint64(size) > uint64(len(b)) {
			return nil, fmt.Errorf("table %q outside the file", rec[:4])
		}
		f.tables[string(rec[:4])] = b[off : off+size]
	}
	for _, t := range []string{"head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap", "name", "post", "OS/2"} {
		if f.tables[t] == nil {
			return nil, fmt.Errorf("table %q missing", t)
		}
	}
	f.glyphs = int(be.Uint16(f.tables["maxp"][4:]))
	f.metrics = int(be.Uint16(f.tables["hhea"][34:]))
	f.upm = int(be.Uint16(f.tables["head"][18:]))
	if f.glyphs == 0 || f.metrics == 0 || f.metrics > f.glyphs || f.upm == 0 {
		return nil, errors.New("bad glyph or metric count")
	}
	long := be.Uint16(f.tables["head"][50:]) == 1
	loca := f.tables["loca"]
	f.loca = make([]uint32, f.glyphs+1)
	for i := range f.loca {
		if long {
			f.loca[i] = be.Uint32(loca[4*i:])
		} else {
			f.loca[i] = 2 * uint32(be.Uint16(loca[2*i:]))
		}
	}
	cmap, err := readCmap4(f.tables["cmap"])
	if err != nil {
		return nil, err
	}
	f.cmap = cmap
	return f, nil
}

// readCmap4 decodes the Windows Unicode BMP subtable (3,1), format 4.
func readCmap4(t []byte) (map[rune]uint16, error) {
	var sub []byte
	for i := range int(be.Uint16(t[2:])) {
		rec := t[4+8*i:]
		if be.Uint16(rec) == 3 && be.Uint16(rec[2:]) == 1 {
			sub = t[be.Uint32(rec[4:]):]
		}
	}
	if sub == nil || be.Uint16(sub) != 4 {
		return nil, errors.New("no format 4 Unicode cmap")
	}
	segs := int(be.Uint16(sub[6:])) / 2
	ends, starts := sub[14:], sub[16+2*segs:]
	deltas, ranges := sub[16+4*segs:], sub[16+6*segs:]
	m := make(map[rune]uint16)
	for s := range segs {
		end, start := int(be.Uint16(ends[2*s:])), int(be.Uint16(starts[2*s:]))
		delta, rangeOff := be.Uint16(deltas[2*s:]), int(be.Uint16(ranges[2*s:]))
		for c := start; c <= end && c != 0xFFFF; c++ {
			g := uint16(c) + delta
			if rangeOff != 0 {
				at := 16 + 6*segs + 2*s + rangeOff + 2*(c-start)
				if g = be.Uint16(sub[at:]); g == 0 {
					continue
				}
				g += delta
			}
			if g != 0 {
				m[rune(c)] = g
			}
		}
	}
	return m, nil
}

func (f *sfnt) has(r rune) bool {
	_, ok := f.cmap[r]
	return ok
}

// advance is r's advance width in thousandths of an em, rounded as fpdf rounds it; a rune the
// font lacks measures as the missing glyph.
func (f *sfnt) advance(r rune) float64 {
	g := int(f.cmap[r])
	adv := int(be.Uint16(f.tables["hmtx"][4*min(g, f.metrics-1):]))
	return math.Round(float64(adv) * 1000 / float64(f.upm))
}

func (f *sfnt) glyph(g uint16) []byte {
	return f.tables["glyf"][f.loca[g]:f.loca[g+1]]
}

// Composite glyph flags (the glyf table).
const (
	argsAreWords   = 0x0001
	haveScale      = 0x0008
	moreComponents = 0x0020
	haveXYScale    = 0x0040
	haveTwoByTwo   = 0x0080
)

// components calls fn with the offset of each component's glyph index in a composite glyph.
func components(g []byte, fn func(at int)) {
	if len(g) < 10 || int16(be.Uint16(g)) >= 0 {
		return
	}
	for at := 10; at+4 <= len(g); {
		flags := be.Uint16(g[at:])
		fn(at + 2)
		at += 4
		switch {
		case flags&argsAreWords != 0:
			at += 4
		default:
			at += 2
		}
		switch {
		case flags&haveScale != 0:
			at += 2
		case flags&haveXYScale != 0:
			at += 4
		case flags&haveTwoByTwo != 0:
			at += 8
		}
		if flags&moreComponents == 0 {
			return
		}
	}
}

// subset writes a TrueType font with only the glyphs of runes (and the glyphs they are built
// from), renumbered, and a format 4 cmap for the runes the font has. Runes it lacks are ignored.
func (f *sfnt) subset(runes []rune) []byte {
	runes = slices.Clone(runes)
	slices.Sort(runes)
	runes = slices.Compact(runes)
	newID := map[uint16]uint16{0: 0}
	order := []uint16{0}
	add := func(g uint16) {
		if _, ok := newID[g]; !ok {
			newID[g] = uint16(len(order))
			order = append(order, g)
		}
	}
	var mapped []rune
	for _, r := range runes {
		if g, ok := f.cmap[r]; ok {
			add(g)
			mapped = append(mapped, r)
		}
	}
	for i := 0; i < len(order); i++ { // order grows while components are added
		components(f.glyph(order[i]), func(at int) { add(be.Uint16(f.glyph(order[i])[at:])) })
	}

	var glyf, loca, hmtx []byte
	hm := f.tables["hmtx"]
	for _, old := range order {
		loca = be.AppendUint32(loca, uint32(len(glyf)))
		g := slices.Clone(f.glyph(old))
		components(g, func(at int) { be.PutUint16(g[at:], newID[be.Uint16(g[at:])]) })
		glyf = append(glyf, g...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
		advance := be.Uint16(hm[4*min(int(old), f.metrics-1):])
		var lsb uint16
		if int(old) < f.metrics {
			lsb = be.Uint16(hm[4*int(old)+2:])
		} else {
			lsb = be.Uint16(hm[4*f.metrics+2*(int(old)-f.metrics):])
		}
		hmtx = be.AppendUint16(be.AppendUint16(hmtx, advance), lsb)
	}
	loca = be.AppendUint32(loca, uint32(len(glyf)))

	head := slices.Clone(f.tables["head"])
	be.PutUint32(head[8:], 0) // checkSumAdjustment: no reader checks it in an embedded font
	be.PutUint16(head[50:], 1)
	hhea := slices.Clone(f.tables["hhea"])
	be.PutUint16(hhea[34:], uint16(len(order)))
	maxp := slices.Clone(f.tables["maxp"])
	be.PutUint16(maxp[4:], uint16(len(order)))
	post := slices.Clone(f.tables["post"][:32])
	be.PutUint32(post, 0x00030000) // no glyph names

	return writeSFNT(map[string][]byte{
		"OS/2": f.tables["OS/2"], "cmap": cmap4(mapped, f.cmap, newID), "glyf": glyf, "head": head,
		"hhea": hhea, "hmtx": hmtx, "loca": loca, "maxp": maxp, "name": f.tables["name"], "post": post,
	})
}

// cmap4 builds a cmap table with one format 4 subtable (3,1): a segment per run of consecutive
// runes whose new glyph ids are consecutive too.
func cmap4(runes []rune, old map[rune]uint16, newID map[uint16]uint16) []byte {
	type seg struct{ start, end, delta uint16 }
	var segs []seg
	for _, r := range runes {
		g := newID[old[r]]
		if n := len(segs); n > 0 && segs[n-1].end+1 == uint16(r) && segs[n-1].end+segs[n-1].delta+1 == g {
			segs[n-1].end++
			continue
		}
		segs = append(segs, seg{uint16(r), uint16(r), g - uint16(r)})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF, 1})
	n := len(segs)
	sub := make([]byte, 16+8*n)
	pow := 1
	for pow*2 <= n {
		pow *= 2
	}
	be.PutUint16(sub[0:], 4)
	be.PutUint16(sub[2:], uint16(len(sub)))
	be.PutUint16(sub[6:], uint16(2*n))
	be.PutUint16(sub[8:], uint16(2*pow))
	be.PutUint16(sub[10:], uint16(bitsLen(pow)))
	be.PutUint16(sub[12:], uint16(2*n-2*pow))
	for i, s := range segs {
		be.PutUint16(sub[14+2*i:], s.end)
		be.PutUint16(sub[16+2*n+2*i:], s.start)
		be.PutUint16(sub[16+4*n+2*i:], s.delta)
		// idRangeOffset stays 0
	}
	t := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	return append(t, sub...)
}

func bitsLen(pow int) int {
	n := 0
	for pow > 1 {
		pow >>= 1
		n++
	}
	return n
}

// writeSFNT lays tables out in tag order after the table directory.
func writeSFNT(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	n := len(tags)
	pow := 1
	for pow*2 <= n {
		pow *= 2
	}
	out := make([]byte, 12+16*n)
	be.PutUint32(out, 0x00010000)
	be.PutUint16(out[4:], uint16(n))
	be.PutUint16(out[6:], uint16(16*pow))
	be.PutUint16(out[8:], uint16(bitsLen(pow)))
	be.PutUint16(out[10:], uint16(16*n-16*pow))
	for i, tag := range tags {
		data := tables[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		be.PutUint32(rec[4:], checksum(data))
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += be.Uint32(w[:])
	}
	return sum
}
