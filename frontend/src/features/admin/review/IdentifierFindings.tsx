import { Check, Landmark, RefreshCw, X } from 'lucide-react'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { mutate } from '../../../components/ui/mutate'
import { formatDateTime } from '../../../lib/format'
import type { BadgeColor } from '../../../lib/status'
import type { IdentifierCheck } from '../../../lib/types'
import { useCheckIdentifiersAgainMutation } from '../adminApi'

const OUTCOME: Record<IdentifierCheck['outcome'], { label: string; color: BadgeColor }> = {
  match: { label: 'Match', color: 'green' },
  mismatch: { label: 'Mismatch', color: 'red' },
  not_found: { label: 'Not found', color: 'red' },
  lapsed: { label: 'Lapsed', color: 'amber' },
  unavailable: { label: 'Unavailable', color: 'amber' },
  not_checked: { label: 'Not checked', color: 'grey' },
}

const WHAT: Record<IdentifierCheck['registry'], string> = { gleif: 'LEI', vies: 'VAT number', bic: 'SWIFT/BIC' }

function Finding({ c }: { c: IdentifierCheck }) {
  const o = OUTCOME[c.outcome]
  const title = `${WHAT[c.registry]} ${c.identifier}`
  return (
    <article aria-label={title} data-testid="identifier-finding" className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">
            {WHAT[c.registry]} <span className="break-all font-mono">{c.identifier}</span>
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            {c.source} · {formatDateTime(c.checkedAt, { zone: true })}
          </p>
        </div>
        <Badge color={o.color}>{o.label}</Badge>
      </div>
      <p className="mt-2 break-words text-sm text-slate-700">{c.summary}</p>
      {c.differences.length > 0 && (
        <div className="mt-3">
          {/* Below 640 px each fact stacks: its name and mark, then the two values, each labelled. */}
          <table className="block w-full text-left text-sm sm:table sm:table-fixed">
            <caption className="sr-only">Entered and registered values of {title}</caption>
            <thead className="hidden text-xs text-slate-500 sm:table-header-group">
              <tr>
                <th scope="col" className="w-[24%] py-1 pr-3 font-medium">Fact</th>
                <th scope="col" className="py-1 pr-3 font-medium">Entered</th>
                <th scope="col" className="py-1 pr-3 font-medium">{c.source}</th>
                <th scope="col" className="w-6 py-1 font-medium">
                  <span className="sr-only">Same</span>
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {c.differences.map((d) => (
                <tr
                  key={d.field}
                  data-testid="identifier-difference"
                  className="grid grid-cols-[1fr_auto] gap-x-2 border-t border-slate-100 py-1.5 align-top sm:table-row sm:py-0"
                >
                  <th scope="row" className="font-medium text-slate-700 sm:py-1.5 sm:pr-3">
                    {d.field}
                  </th>
                  <td
                    data-label="Entered: "
                    className="col-span-2 row-start-2 text-slate-700 [overflow-wrap:anywhere] before:text-slate-500 before:content-[attr(data-label)] sm:py-1.5 sm:pr-3 sm:before:content-none"
                  >
                    {d.entered || '—'}
                  </td>
                  <td
                    data-label={`${c.source}: `}
                    className="col-span-2 row-start-3 text-slate-700 [overflow-wrap:anywhere] before:text-slate-500 before:content-[attr(data-label)] sm:py-1.5 sm:pr-3 sm:before:content-none"
                  >
                    {d.registered || '—'}
                  </td>
                  <td className="col-start-2 row-start-1 sm:py-1.5">
                    {d.match ? (
                      <Check className="h-4 w-4 text-green-600" aria-label="Same" />
                    ) : (
                      <X className="h-4 w-4 text-red-600" aria-label="Differs" />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  )
}

/**
 * IdentifierFindings shows the company's identifiers as the registers answered for them: the LEI in
 * GLEIF, the VAT number in VIES, the BIC's country; each with its outcome (never "clear"), the
 * entered and registered values, the source and time. A register that did not answer can be asked
 * again.
 */
export function IdentifierFindings({ verificationId, checks }: { verificationId: number; checks: IdentifierCheck[] }) {
  const [checkAgain, { isLoading }] = useCheckIdentifiersAgainMutation()
  if (checks.length === 0) return null
  const unavailable = checks.some((c) => c.outcome === 'unavailable')
  return (
    <Card className={unavailable ? 'border-amber-300' : undefined}>
      <CardHeader
        title="Registry and identifier checks"
        description="What GLEIF and VIES hold for the identifiers the applicant entered. Findings for you to weigh; none blocks approval."
        icon={<Landmark className="h-5 w-5" aria-hidden />}
      />
      <CardBody className="space-y-3">
        {checks.map((c) => (
          <Finding key={c.registry} c={c} />
        ))}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {unavailable && <p className="text-sm text-slate-600">A register did not answer. Ask it again:</p>}
          <Button
            variant={unavailable ? 'primary' : 'outline'}
            size="sm"
            loading={isLoading}
            icon={<RefreshCw className="h-4 w-4" aria-hidden />}
            onClick={() =>
              void mutate(checkAgain(verificationId), {
                done: { title: 'Identifiers checked again', description: 'The new answers are shown and in the audit trail.' },
                failed: 'Check Failed',
              })
            }
          >
            Check Again
          </Button>
        </div>
      </CardBody>
    </Card>
  )
}
