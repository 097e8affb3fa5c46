package pdf

import (
	"fmt"
	"strconv"
	"time"

	"github.com/tttverify/tttverify/application"
)

var _ application.AuditReportRenderer = (*Renderer)(nil)

// auditTime is how the audit report prints an instant: ISO 8601 in UTC, to the second.
const auditTime = "2006-01-02 15:04:05"

// AuditReport renders a verification's audit report: its particulars, the audit trail, the
// screening decisions and the registry checks, on the CIS's pages and fonts.
func (r *Renderer) AuditReport(t application.AuditTrail) ([]byte, error) {
	name := firstNonEmpty(t.CompanyName, "Verification "+strconv.FormatInt(t.VerificationID, 10))
	d, err := newDoc("P", "Audit report - "+name, fmt.Sprintf("TTT Verify audit report of verification %d", t.VerificationID), t)
	if err != nil {
		return nil, fmt.Errorf("audit report %d: %w", t.VerificationID, err)
	}
	d.SetMargins(cisMargin, cisTop, cisMargin)
	d.SetAutoPageBreak(false, 0)
	d.AliasNbPages("{nb}")
	w := auditWriter{cisWriter{doc: d}}
	d.SetHeaderFuncMode(func() { w.header(t) }, true)
	d.SetFooterFunc(func() { w.footer(t) })
	d.AddPage()

	w.title(t, name)
	w.events(t.Events)
	w.decisions(t.Decisions)
	w.registries(t.Identifiers)

	b, err := d.bytes()
	if err != nil {
		return nil, fmt.Errorf("audit report %d: %w", t.VerificationID, err)
	}
	return b, nil
}

type auditWriter struct{ cisWriter }

func (w auditWriter) header(t application.AuditTrail) {
	w.font(sansBold, 9, navy)
	w.textAt(cisMargin, 10, 40, 4.5, "TTT Verify", "L")
	w.font(sans, 9, muted)
	w.textAt(cisMargin+19, 10, 60, 4.5, "Audit report", "L")
	w.font(sans, 8, muted)
	w.textAt(cisW/2, 10, cisFull/2, 4.5, "Verification "+strconv.FormatInt(t.VerificationID, 10), "R")
	w.textAt(cisW/2, 14.5, cisFull/2, 4.5, "Generated "+stamp(t.GeneratedAt)+" UTC", "R")
	w.draw(navy)
	w.SetLineWidth(0.4)
	w.Line(cisMargin, 20, cisW-cisMargin, 20)
}

func (w auditWriter) footer(t application.AuditTrail) {
	w.draw(rule)
	w.SetLineWidth(0.2)
	w.Line(cisMargin, 280, cisW-cisMargin, 280)
	w.font(sans, 7.5, muted)
	w.textAt(cisMargin, 281.5, 130, 4, "Confidential: screening details are never shown to the applicant or the public.", "L")
	w.textAt(cisW-cisMargin-40, 281.5, 40, 4, "Page "+strconv.Itoa(w.PageNo())+" of {nb}", "R")
	w.font(sansItalic, 6.5, muted)
	w.textAt(cisMargin, 285.5, cisFull, 3.5, signatureLine(application.CertificateData{SignedBy: t.SignedBy,
		SignatureNotice: t.SignatureNotice}), "L")
}

func (w auditWriter) title(t application.AuditTrail, name string) {
	y := cisTop + 1
	w.font(sansBold, 20, navy)
	w.textAt(cisMargin, y, cisFull, 9, "Audit report", "L")
	y += 11
	w.font(sansBold, w.fitFont(sansBold, name, cisFull, 14, 10), ink)
	for _, l := range clip(w.lines(oneLine(name), cisFull), 2) {
		w.textAt(cisMargin, y, cisFull, 6, l, "L")
		y += 6
	}
	w.SetY(y + 2)
	w.section("Verification")
	w.row("Verification", strconv.FormatInt(t.VerificationID, 10))
	w.row("Certificate ID", t.PublicID)
	w.row("Account", t.OwnerEmail)
	w.row("Tier", t.TierLabel)
	w.row("Status", t.Status)
	w.row("Generated", stamp(t.GeneratedAt)+" UTC by "+orDash(t.GeneratedBy))
}

func (w auditWriter) events(events []application.AuditEvent) {
	rows := make([][]string, len(events))
	for i, e := range events {
		status := e.To
		if e.From != "" && e.From != e.To {
			status = e.From + " -> " + orDash(e.To)
		}
		rows[i] = []string{stamp(e.CreatedAt), firstNonEmpty(e.ActorEmail, "system"), e.Action, orDash(status), orDash(e.Reason)}
	}
	w.listing("1. Audit trail (times in UTC, oldest first)", "No events recorded.", []float64{22, 40, 48, 24, cisFull - 134},
		[]string{"Time", "By", "Action", "Status", "Details"}, rows)
}

func (w auditWriter) decisions(ds []application.ScreeningDecision) {
	rows := make([][]string, len(ds))
	for i, d := range ds {
		about := "PEP screening unavailable"
		if d.Subject != "" {
			about = d.Subject + "\n" + d.List + ": " + d.Entry
		}
		rows[i] = []string{stamp(d.At), d.ActorEmail, d.Outcome, about, orDash(d.Note)}
	}
	w.listing("2. Screening decisions", "No screening decisions recorded.", []float64{22, 44, 34, 40, cisFull - 140},
		[]string{"Time", "Reviewer", "Decision", "Subject and entry", "Note"}, rows)
}

func (w auditWriter) registries(checks []application.RegistryCheckRecord) {
	rows := make([][]string, len(checks))
	for i, c := range checks {
		rows[i] = []string{stamp(c.CheckedAt), c.Registry.Label(), orDash(c.Identifier), string(c.Outcome), orDash(c.Summary)}
	}
	w.listing("3. Registry checks", "No registry checks recorded.", []float64{22, 30, 34, 22, cisFull - 108},
		[]string{"Checked", "Register", "Identifier", "Outcome", "Summary"}, rows)
}

// stamp prints an instant of the audit report.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(auditTime)
}
