package filesignals

// framed feeds a stream to a parser of length-prefixed structures (JPEG segments, PNG chunks)
// one piece at a time: it skips what step says to skip, collects the next need bytes and hands
// them to step, which says what to skip and collect next. A need of 0 ends the parse.
type framed struct {
	buf  []byte
	skip int64
	need int
	step func(b []byte) (skip int64, need int)
}

func (f *framed) write(p []byte) {
	for len(p) > 0 && f.need > 0 {
		if f.skip > 0 {
			n := int(min(int64(len(p)), f.skip))
			p, f.skip = p[n:], f.skip-int64(n)
			continue
		}
		take := min(len(p), f.need-len(f.buf))
		f.buf, p = append(f.buf, p[:take]...), p[take:]
		if len(f.buf) == f.need {
			f.skip, f.need = f.step(f.buf)
			f.buf = f.buf[:0]
		}
	}
}
