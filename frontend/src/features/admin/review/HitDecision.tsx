import { Form, Formik } from 'formik'
import { Gavel, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { RadioGroupField, TextAreaField } from '../../../components/form/fields'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { mutate } from '../../../components/ui/mutate'
import { formatDateTime } from '../../../lib/format'
import type { HitOutcome, ScreeningCaseHit, ScreeningDecision } from '../../../lib/types'
import { useDecideScreeningHitMutation } from '../adminApi'
import { hitDecisionSchema } from '../schema'
import { HIT_STATUS, OUTCOME_OPTIONS } from './screeningLabels'

interface DecisionValues {
  outcome: HitOutcome | ''
  note: string
}

const EMPTY: DecisionValues = { outcome: '', note: '' }

function History({ decisions }: { decisions: ScreeningDecision[] }) {
  if (decisions.length === 0) return <p className="text-sm text-slate-500">No decision yet.</p>
  return (
    <ol className="space-y-3" aria-label="Decision history">
      {decisions.map((d, i) => (
        <li key={`${d.at}-${i}`} className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm" data-testid="decision">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge color={HIT_STATUS[d.outcome].color}>{HIT_STATUS[d.outcome].label}</Badge>
            <span className="break-all text-slate-700">{d.by}</span>
            <time dateTime={d.at} className="text-xs text-slate-500">
              {formatDateTime(d.at, { zone: true })}
            </time>
          </p>
          <p className="mt-1.5 whitespace-pre-line break-words text-slate-800">{d.note}</p>
        </li>
      ))}
    </ol>
  )
}

/**
 * HitDecision is the reviewer's part of a hit: the decisions so far (who, when, note) and the form to
 * decide it, open at once while the hit is undecided and on demand to change a decision.
 */
export function HitDecision({ verificationId, hit }: { verificationId: number; hit: ScreeningCaseHit }) {
  const [decide] = useDecideScreeningHitMutation()
  const [changing, setChanging] = useState(false)
  const formOpen = hit.status === 'open' || changing
  const ids = `hit-${hit.id}`

  return (
    <div className="space-y-4 border-t border-slate-100 px-4 py-4 sm:px-6">
      {hit.reopened && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <RotateCcw className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Reopened: the listed entry changed after the last decision. Decide again.
        </p>
      )}
      <div>
        <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Decisions</h4>
        <History decisions={hit.decisions} />
      </div>
      {formOpen ? (
        <Formik<DecisionValues>
          initialValues={EMPTY}
          validationSchema={hitDecisionSchema}
          onSubmit={async (values, { resetForm, setErrors }) => {
            const r = await mutate(decide({ id: verificationId, hitId: hit.id, outcome: values.outcome as HitOutcome, note: values.note.trim() }), {
              done: { title: 'Decision recorded', description: `${HIT_STATUS[values.outcome as HitOutcome].label}: ${hit.entry.name}` },
              failed: 'Decision Failed',
              setErrors,
            })
            if (r.ok) {
              resetForm()
              setChanging(false)
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label={`Decision on ${hit.entry.name}`} className="space-y-4">
              <RadioGroupField name="outcome" id={`${ids}-outcome`} label="Outcome" required options={OUTCOME_OPTIONS} />
              <TextAreaField name="note" id={`${ids}-note`} label="Note" required rows={3} placeholder="The evidence for your decision: what matched, what did not" />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                {changing && (
                  <Button variant="outline" onClick={() => setChanging(false)}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" loading={isSubmitting} icon={<Gavel className="h-4 w-4" aria-hidden />}>
                  Record decision
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
          Change decision
        </Button>
      )}
    </div>
  )
}
