package signing

import (
	"strings"
	"testing"
)

func TestBitstringIndexZeroIsTheLeftmostBitOfTheFirstByte(t *testing.T) {
	enc, err := EncodeBitstring(131072, []int{0, 9, 131071})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "u") {
		t.Fatalf("encodedList %q lacks the multibase prefix", enc[:8])
	}
	list, err := DecodeBitstring(enc)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 131072/8 {
		t.Fatalf("decoded %d bytes, want %d", len(list), 131072/8)
	}
	if list[0] != 0x80 || list[1] != 0x40 || list[len(list)-1] != 0x01 {
		t.Errorf("bytes 0, 1 and last = %#x %#x %#x, want 0x80 0x40 0x01", list[0], list[1], list[len(list)-1])
	}
	for i, want := range map[int]bool{0: true, 1: false, 8: false, 9: true, 131070: false, 131071: true} {
		if got := BitAt(list, i); got != want {
			t.Errorf("bit %d = %v, want %v", i, got, want)
		}
	}
}

func TestBitstringRefusesBadInput(t *testing.T) {
	if _, err := EncodeBitstring(131072, []int{131072}); err == nil {
		t.Error("an index past the end was encoded")
	}
	if _, err := EncodeBitstring(12, nil); err == nil {
		t.Error("a size that is not whole bytes was accepted")
	}
	for _, bad := range []string{"", "zH4sI", "u!!!", "uAAAA"} {
		if _, err := DecodeBitstring(bad); err == nil {
			t.Errorf("DecodeBitstring(%q) succeeded", bad)
		}
	}
}
