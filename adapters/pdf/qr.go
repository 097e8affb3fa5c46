package pdf

import (
	"bytes"
	"fmt"

	qrcode "github.com/yeqown/go-qrcode/v2"
	"github.com/yeqown/go-qrcode/writer/standard"
)

// qrModulePx is the size of one QR module in the PNG. The image is placed at a fixed size in
// the PDF, so this only sets the raster's sharpness: 4 px is about 140 dpi at the printed size,
// PDF viewers scale images up without smoothing by default, and the PNG stays quick to encode.
const qrModulePx = 4

// qrPNG encodes url as a QR code PNG with the standard four-module quiet zone.
func qrPNG(url string) ([]byte, error) {
	code, err := qrcode.NewWith(url, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return nil, fmt.Errorf("encode qr code: %w", err)
	}
	var buf bytes.Buffer
	w := standard.NewWithWriter(nopCloser{&buf},
		standard.WithBuiltinImageEncoder(standard.PNG_FORMAT),
		standard.WithQRWidth(qrModulePx),
		standard.WithBorderWidth(4*qrModulePx),
	)
	if err := code.Save(w); err != nil {
		return nil, fmt.Errorf("draw qr code: %w", err)
	}
	return buf.Bytes(), nil
}

type nopCloser struct{ *bytes.Buffer }

func (nopCloser) Close() error { return nil }
