import type { BadgeColor } from '../../../lib/status'
import type { HitOutcome, ScreeningCaseHit, ScreeningCheck, ScreeningFinding, ScreeningRun, ScreeningStatus, ScreeningSubject } from '../../../lib/types'

type Labelled = { label: string; color: BadgeColor }

export const RUN_STATUS: Record<ScreeningStatus, Labelled> = {
  not_applicable: { label: 'Not screened', color: 'grey' },
  pending: { label: 'Queued', color: 'blue' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
}

export const RUN_TRIGGER: Record<ScreeningRun['trigger'], string> = {
  submission: 'Submission',
  resubmission: 'Resubmission',
  list_update: 'List update',
  daily: 'Daily re-screen',
}

export const SUBJECT_KIND: Record<ScreeningSubject['kind'], string> = {
  company: 'Company',
  representative: 'Representative',
  beneficial_owner: 'Beneficial owner',
  bank: 'Bank',
}

export const CHECK_KIND: Record<ScreeningCheck['kind'], string> = {
  sanctions: 'Sanctions',
  pep: 'PEP',
  jurisdiction: 'Jurisdictions',
  kyc: 'KYC',
}

export const CHECK_RESULT: Record<ScreeningCheck['result'], Labelled> = {
  clear: { label: 'Clear', color: 'green' },
  hits: { label: 'Possible matches', color: 'red' },
  attention: { label: 'Attention', color: 'amber' },
  unavailable: { label: 'Unavailable', color: 'grey' },
}

export const FINDING_SEVERITY: Record<ScreeningFinding['severity'], Labelled> = {
  info: { label: 'Info', color: 'blue' },
  attention: { label: 'Attention', color: 'amber' },
  fail: { label: 'Fail', color: 'red' },
}

export const HIT_STATUS: Record<ScreeningCaseHit['status'], Labelled> = {
  open: { label: 'Undecided', color: 'amber' },
  confirmed_match: { label: 'Confirmed match', color: 'red' },
  false_positive: { label: 'False positive', color: 'green' },
  inconclusive: { label: 'Inconclusive', color: 'purple' },
}

export const OUTCOME_OPTIONS: { value: HitOutcome; label: string; hint: string }[] = [
  { value: 'confirmed_match', label: 'Confirmed match', hint: 'This is the listed party. Approval stays blocked; an issued certificate must be revoked.' },
  { value: 'false_positive', label: 'False positive', hint: 'A different party: the evidence rules the match out.' },
  { value: 'inconclusive', label: 'Inconclusive', hint: 'The evidence neither confirms nor rules out the match. Approval stays blocked until it is decided.' },
]

/** pepUnavailable tells whether any subject's PEP check could not run (no PEP list loaded). */
export function pepUnavailable(subjects: ScreeningSubject[]): boolean {
  return subjects.some((s) => s.checks.some((c) => c.kind === 'pep' && c.result === 'unavailable'))
}
