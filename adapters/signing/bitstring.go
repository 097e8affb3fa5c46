package signing

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
)

// EncodeBitstring is a Bitstring Status List's encodedList: size bits with those at set on, index 0
// the left-most (most significant) bit of the first byte, GZIP-compressed, then multibase
// base64url without padding (the "u" prefix).
func EncodeBitstring(size int, set []int) (string, error) {
	if size <= 0 || size%8 != 0 {
		return "", fmt.Errorf("bitstring size %d is not a positive multiple of 8", size)
	}
	bits := make([]byte, size/8)
	for _, i := range set {
		if i < 0 || i >= size {
			return "", fmt.Errorf("status index %d is outside the list of %d", i, size)
		}
		bits[i/8] |= 0x80 >> (i % 8)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(bits); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return "u" + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

// DecodeBitstring reverses EncodeBitstring: the list's bytes.
func DecodeBitstring(encoded string) ([]byte, error) {
	if len(encoded) == 0 || encoded[0] != 'u' {
		return nil, errors.New(`encodedList must start with the multibase prefix "u"`)
	}
	raw, err := base64.RawURLEncoding.DecodeString(encoded[1:])
	if err != nil {
		return nil, fmt.Errorf("encodedList: %w", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("encodedList: %w", err)
	}
	return io.ReadAll(io.LimitReader(zr, 16<<20))
}

// BitAt is the status bit at index i of a decoded list.
func BitAt(list []byte, i int) bool { return list[i/8]&(0x80>>(i%8)) != 0 }
