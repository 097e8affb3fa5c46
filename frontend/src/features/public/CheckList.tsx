import { CheckCircle2 } from 'lucide-react'
import { cn } from '../../lib/cn'
import { formatLongDate } from '../../lib/format'
import type { CertificateCheck } from '../../lib/types'
import { checkDetail } from './certificate'

/**
 * CheckList is what the certificate states was checked: each check with its result and date, then the
 * rest of its sentence (lists and version dates for screening). A check that did not run is not in the list.
 * `muted` greys it out on a certificate that no longer attests anything (expired, revoked).
 */
export function CheckList({ checks, muted = false, className }: { checks: CertificateCheck[]; muted?: boolean; className?: string }) {
  return (
    <ul className={cn('space-y-3', className)} aria-label="Checks performed">
      {checks.map((k) => (
        <li key={`${k.kind}-${k.label}`} className="flex gap-2.5" data-testid="certificate-check">
          <CheckCircle2 className={cn('mt-0.5 h-4 w-4 shrink-0', muted ? 'text-slate-400' : 'text-green-600')} aria-hidden />
          <div className="min-w-0 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-slate-900">{k.label}</span>
              <span className={cn('font-medium', muted ? 'text-slate-500' : 'text-green-800')}>{k.result}</span>
              {k.date && <span className="text-xs text-slate-500">{formatLongDate(k.date)}</span>}
            </p>
            <p className={cn('mt-0.5 break-words', muted ? 'text-slate-500' : 'text-slate-600')}>{checkDetail(k)}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
