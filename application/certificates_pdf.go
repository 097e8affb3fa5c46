package application

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/tttverify/tttverify/domain/verification"
)

// Certificate renders the certificate PDF of a valid certificate for its owner or an administrator,
// with its verifiable credential attached, and signs it; a revoked or expired one has none.
func (s *Certificates) Certificate(ctx context.Context, actor *User, id int64) (*File, error) {
	v, err := readable(ctx, s.repo, actor, id)
	if err != nil {
		return nil, err
	}
	if err := v.MayIssue(verification.CertificatePDF, s.clock.Now()); err != nil {
		return nil, err
	}
	data, err := s.certificateOf(ctx, v)
	if err != nil {
		return nil, err
	}
	if data.Credential, _, err = s.issueCredential(ctx, v, data, nil); err != nil {
		return nil, err
	}
	pdf, err := s.renderer.Certificate(data)
	if err != nil {
		return nil, fmt.Errorf("render certificate of %d: %w", id, err)
	}
	if pdf, err = s.sign(ctx, pdf, "Certificate of Verification", data); err != nil {
		return nil, err
	}
	return pdfFile(pdf, "TTT-Certificate-"+v.PublicID()+".pdf"), nil
}

func pdfFile(b []byte, name string) *File {
	return &File{Content: io.NopCloser(bytes.NewReader(b)), Name: name, ContentType: "application/pdf", Size: int64(len(b))}
}
