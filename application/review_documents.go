package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/filesignals"
)

// ReviewedDocument is a document as a reviewer sees it, with the flags of its file. Flags are for
// the reviewer alone: they block nothing and the applicant's and public reads never carry them.
type ReviewedDocument struct {
	Document
	Flags []filesignals.Flag
}

// maxSameFiles bounds how many copies elsewhere a review lists of each file, so that a file
// uploaded everywhere (a blank form) can neither make the review slow nor crowd out another
// file's copies.
const maxSameFiles = 10

// Documents lists any verification's documents, each flagged with what its file shows: the same
// file in a verification of another account, a PDF changed after it was made, an image that names
// editing software.
func (r *Review) Documents(ctx context.Context, actor *User, id int64) ([]ReviewedDocument, error) {
	return asReviewer(actor, func() ([]ReviewedDocument, error) {
		docs, err := r.docs.List(ctx, actor, id)
		if err != nil {
			return nil, err
		}
		var hashes []string
		for _, d := range docs {
			if d.Facts.SHA256 != "" {
				hashes = append(hashes, d.Facts.SHA256)
			}
		}
		same, err := r.files.SameFiles(ctx, id, hashes, maxSameFiles)
		if err != nil {
			return nil, err
		}
		out := make([]ReviewedDocument, len(docs))
		for i, d := range docs {
			out[i].Document = d
			named := map[int64]bool{} // one flag a verification, however many of its files are this one
			for _, s := range same {
				if d.Facts.SHA256 != "" && s.SHA256 == d.Facts.SHA256 && !named[s.VerificationID] {
					named[s.VerificationID] = true
					out[i].Flags = append(out[i].Flags, filesignals.SameFile(s.VerificationID, s.CompanyName, s.UploadedAt))
				}
			}
			out[i].Flags = append(out[i].Flags, d.Facts.Flags()...)
		}
		return out, nil
	})
}
