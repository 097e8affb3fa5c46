import { Building2, Landmark, UserRound } from 'lucide-react'
import { HitCard } from '../../../components/screening/HitCard'
import { Badge } from '../../../components/ui/Badge'
import { Card, CardHeader } from '../../../components/ui/Card'
import { formatDate } from '../../../lib/format'
import type { ScreeningCheck, ScreeningSubject as Subject } from '../../../lib/types'
import { HitDecision } from './HitDecision'
import { CHECK_KIND, CHECK_RESULT, FINDING_SEVERITY, HIT_STATUS, SUBJECT_KIND } from './screeningLabels'

const SUBJECT_ICON = { company: Building2, representative: UserRound, beneficial_owner: UserRound, bank: Landmark } as const

function CheckRow({ c }: { c: ScreeningCheck }) {
  const result = CHECK_RESULT[c.result]
  return (
    <li className="px-4 py-3 sm:px-6" data-testid="screening-check" aria-label={`${CHECK_KIND[c.kind]}: ${result.label}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="w-28 shrink-0 text-sm font-semibold text-slate-900">{CHECK_KIND[c.kind]}</span>
        <Badge color={result.color}>{result.label}</Badge>
        <span className="min-w-0 basis-full break-words text-sm text-slate-700 sm:basis-auto">{c.summary}</span>
      </div>
      {c.findings.length > 0 && (
        <ul className="mt-2 space-y-1.5 sm:pl-31" aria-label={`${CHECK_KIND[c.kind]} findings`}>
          {c.findings.map((f, i) => (
            <li key={`${f.code}-${i}`} className="flex items-start gap-2 text-sm text-slate-700">
              <Badge color={FINDING_SEVERITY[f.severity].color} className="shrink-0">
                {FINDING_SEVERITY[f.severity].label}
              </Badge>
              <span className="min-w-0 break-words">{f.message}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * subjectLabels name each subject's region: its kind and name, and where two share both (two
 * representatives called alike), which of them it is, so that no two regions have the same name.
 */
export function subjectLabels(subjects: Pick<Subject, 'kind' | 'name'>[]): string[] {
  const base = subjects.map((s) => `${SUBJECT_KIND[s.kind]}: ${s.name}`)
  return base.map((b, i) => {
    const same = base.filter((x) => x === b).length
    return same > 1 ? `${b} (${base.slice(0, i + 1).filter((x) => x === b).length} of ${same})` : b
  })
}

/** ScreeningSubject is one screened party: its checks with their results and findings, then each hit to decide. */
export function ScreeningSubject({ verificationId, s, label }: { verificationId: number; s: Subject; label: string }) {
  const Icon = SUBJECT_ICON[s.kind]
  const kind = SUBJECT_KIND[s.kind]
  return (
    <section aria-label={label} className="space-y-4" data-testid="screening-subject">
      <Card>
        <CardHeader
          title={<span className="break-words">{s.name}</span>}
          description={
            <>
              <span className="font-medium text-slate-600">{kind}</span>
              {s.details && <span className="break-words"> · {s.details}</span>}
            </>
          }
          icon={<Icon className="h-5 w-5" aria-hidden />}
          action={s.hits.length > 0 && <Badge color="red">{s.hits.length === 1 ? '1 hit' : `${s.hits.length} hits`}</Badge>}
        />
        <ul className="divide-y divide-slate-100" aria-label={`Checks of ${s.name}`}>
          {s.checks.map((c) => (
            <CheckRow key={c.kind} c={c} />
          ))}
        </ul>
      </Card>
      {s.hits.length > 0 && (
        <div className="space-y-4 md:border-l-2 md:border-slate-200 md:pl-6">
          {s.hits.map((h) => (
            <HitCard
              key={h.id}
              hit={h}
              versionLabel={formatDate(h.listVersionDate)}
              badges={
                <>
                  <Badge color="purple">{CHECK_KIND[h.check]}</Badge>
                  <Badge color={HIT_STATUS[h.status].color}>{HIT_STATUS[h.status].label}</Badge>
                  {h.reopened && <Badge color="amber">Reopened</Badge>}
                </>
              }
            >
              <HitDecision verificationId={verificationId} hit={h} />
            </HitCard>
          ))}
        </div>
      )}
    </section>
  )
}
