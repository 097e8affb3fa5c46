package application

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// Limits bound what one user can make the platform store, so that an account cannot fill the
// database or the object store. A zero field takes the default.
type Limits struct {
	OpenVerifications    int   // drafts (never submitted, or reopened) per user
	FilesPerVerification int   // documents, passports and bank letters on one verification
	StoragePerAccount    int64 // bytes of files one account holds, deleted ones included until purged
	UploadsPerUser       int   // uploads one user may have in progress at once
}

// DefaultLimits are generous for any real company and small for an abuser.
var DefaultLimits = Limits{OpenVerifications: 100, FilesPerVerification: 100, StoragePerAccount: 2 << 30, UploadsPerUser: 4}

func (l Limits) orDefault() Limits {
	if l.OpenVerifications <= 0 {
		l.OpenVerifications = DefaultLimits.OpenVerifications
	}
	if l.FilesPerVerification <= 0 {
		l.FilesPerVerification = DefaultLimits.FilesPerVerification
	}
	if l.StoragePerAccount <= 0 {
		l.StoragePerAccount = DefaultLimits.StoragePerAccount
	}
	if l.UploadsPerUser <= 0 {
		l.UploadsPerUser = DefaultLimits.UploadsPerUser
	}
	return l
}

// admitUpload refuses an upload beyond the ones a user may run at once, or one that could take the
// account over its storage quota: while it runs, an upload holds room for the largest file, since
// its size is known only at its end.
func (l Limits) admitUpload(u StorageUse) error {
	if u.Uploads >= l.UploadsPerUser {
		return errs.Throttled(fmt.Sprintf("You have %d uploads in progress, the most at once; wait for one to finish "+
			"before starting another", l.UploadsPerUser))
	}
	if u.Used()+verification.MaxUploadBytes > l.StoragePerAccount {
		return l.storageFull(u.Used())
	}
	return nil
}

// storageFull is the refusal of an upload to an account that uses used bytes of its quota.
func (l Limits) storageFull(used int64) error {
	return errs.Conflict(fmt.Sprintf("Your files take %s of the %s your account may store (deleted files count until "+
		"they are removed for good); an upload needs %s free", formatBytes(used), formatBytes(l.StoragePerAccount),
		formatBytes(verification.MaxUploadBytes)))
}

// formatBytes writes a size in binary units, rounded down to a tenth: 1.5 MiB, 2 GiB.
func formatBytes(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	v, i := float64(n), 0
	for ; v >= 1024 && i < len(units)-1; i++ {
		v /= 1024
	}
	if i == 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return strings.TrimSuffix(strconv.FormatFloat(math.Floor(v*10)/10, 'f', 1, 64), ".0") + " " + units[i]
}
