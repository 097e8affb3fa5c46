package application

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// AuditTrail returns a verification's audit events, oldest first, and its screening decisions:
// every decision on a hit of the latest finished screening run with who made it, when and the
// note, the PEP acknowledgement and the newest registry checks. The export is recorded as an
// administrator's event.
func (s *AuditExport) AuditTrail(ctx context.Context, actor *User, id int64) (*AuditTrail, error) {
	t, err := s.trail(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	if err := s.exported(ctx, actor, fmt.Sprintf("audit trail of verification %d (CSV)", id)); err != nil {
		return nil, err
	}
	return t, nil
}

// trail reads what an export of verification id shows.
func (s *AuditExport) trail(ctx context.Context, actor *User, id int64) (*AuditTrail, error) {
	item, err := s.trails.Get(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	events, err := s.trails.Events(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	view, err := s.screening.Screening(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	v := item.Verification
	return &AuditTrail{VerificationID: id, PublicID: v.PublicID(), CompanyName: item.CompanyName, OwnerEmail: item.UserEmail,
		TierLabel: v.Tier().Label(), Status: v.Status().String(), Events: events, Decisions: decisions(view),
		Identifiers: view.Identifiers, GeneratedAt: s.clock.Now().UTC(), GeneratedBy: actor.Email}, nil
}

// decisions lists the reviewers' decisions of a screening, oldest first.
func decisions(view *ScreeningView) []ScreeningDecision {
	var out []ScreeningDecision
	for _, sub := range view.Subjects {
		for _, h := range sub.Hits {
			list := h.Source.Label()
			if h.List != nil && !h.List.Published.IsZero() {
				list += " (published " + h.List.Published.Format("2006-01-02") + ")"
			}
			entry := strings.TrimSpace(h.SourceID + " " + h.MatchedName)
			for _, d := range h.Decisions {
				out = append(out, ScreeningDecision{At: d.At.UTC(), ActorEmail: d.ActorEmail, Outcome: string(d.Outcome),
					Subject: sub.Name, List: list, Entry: entry, Note: d.Note})
			}
		}
	}
	if a := view.PEPAck; a != nil {
		out = append(out, ScreeningDecision{At: a.At.UTC(), ActorEmail: a.ActorEmail, Outcome: "pep_acknowledged",
			Note: a.Note})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}
