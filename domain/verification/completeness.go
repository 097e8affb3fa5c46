package verification

import "slices"

// SectionCount is the number of sections an application has (spec: 5, 20% each).
const SectionCount = 5

// Completeness is what has been filled in, as the completeness and progress rules need it.
type Completeness struct {
	HasCompany      bool
	Representatives int
	HasBanking      bool
	HasTrade        bool
	DocumentTypes   []DocumentType
	// Owners counts the beneficial owners; OwnershipDeclared is a declaration that names a current
	// representative. Only a Top verification needs one or the other: the verification sets
	// OwnershipRequired from its tier.
	Owners            int
	OwnershipDeclared bool
	OwnershipRequired bool
}

// Section names as the interface and error messages use them.
const (
	SectionCompany         = "company information"
	SectionRepresentatives = "representatives"
	SectionBanking         = "banking information"
	SectionTrade           = "trade information"
	SectionDocuments       = "documents"
	SectionOwners          = "beneficial owners (name them, or make the declaration that no natural person owns or controls the threshold)"
)

// OwnershipComplete reports whether the beneficial ownership part is done: owners or the
// declaration for Top; Basic verifications never need it.
func (c Completeness) OwnershipComplete() bool {
	return !c.OwnershipRequired || c.Owners > 0 || c.OwnershipDeclared
}

// DocumentsComplete reports whether every required document type is on file.
func (c Completeness) DocumentsComplete() bool {
	return len(c.missingDocuments()) == 0
}

func (c Completeness) missingDocuments() []string {
	var missing []string
	for _, t := range RequiredDocumentTypes {
		if !slices.Contains(c.DocumentTypes, t) {
			missing = append(missing, t.String())
		}
	}
	return missing
}

// Missing names each incomplete section; documents name the missing required types.
func (c Completeness) Missing() []string {
	var missing []string
	if !c.HasCompany {
		missing = append(missing, SectionCompany)
	}
	if c.Representatives == 0 {
		missing = append(missing, SectionRepresentatives)
	}
	if !c.HasBanking {
		missing = append(missing, SectionBanking)
	}
	if !c.OwnershipComplete() {
		missing = append(missing, SectionOwners)
	}
	if !c.HasTrade {
		missing = append(missing, SectionTrade)
	}
	for _, d := range c.missingDocuments() {
		missing = append(missing, SectionDocuments+" ("+d+")")
	}
	return missing
}

// CompleteProgress is the progress of a verification whose sections are all complete.
const CompleteProgress = 100

// Progress is 20 for each complete section, 0 to 100. For Top the third step (the checklist's
// Enhanced Due Diligence) is banking and beneficial ownership together.
func (c Completeness) Progress() int {
	done := 0
	for _, ok := range []bool{c.HasCompany, c.Representatives > 0, c.HasBanking && c.OwnershipComplete(), c.HasTrade, c.DocumentsComplete()} {
		if ok {
			done++
		}
	}
	return done * CompleteProgress / SectionCount
}
