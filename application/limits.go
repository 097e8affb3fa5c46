package application

// Limits bound what one user can make the platform store, so that an account cannot fill the
// database or the object store. A zero field takes the default.
type Limits struct {
	OpenVerifications    int // drafts (never submitted, or reopened) per user
	FilesPerVerification int // documents, passports and bank letters on one verification
}

// DefaultLimits are generous for any real company and small for an abuser.
var DefaultLimits = Limits{OpenVerifications: 100, FilesPerVerification: 100}

func (l Limits) orDefault() Limits {
	if l.OpenVerifications <= 0 {
		l.OpenVerifications = DefaultLimits.OpenVerifications
	}
	if l.FilesPerVerification <= 0 {
		l.FilesPerVerification = DefaultLimits.FilesPerVerification
	}
	return l
}
