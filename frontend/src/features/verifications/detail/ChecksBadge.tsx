import { CheckCircle2, Loader2 } from 'lucide-react'
import { Badge } from '../../../components/ui/Badge'
import { cn } from '../../../lib/cn'
import type { Verification } from '../../../lib/types'
import { useGetVerificationQuery } from '../verificationApi'

// While the checks run, the page looks again now and then so that "complete" shows by itself.
const RUNNING_POLL_MS = 10_000

/**
 * ChecksBadge tells the owner of a Top verification whether its KYC, sanctions, PEP and jurisdiction
 * checks are running or complete; never what they found (no tipping off).
 */
export function ChecksBadge({ v, className }: { v: Verification; className?: string }) {
  const done = v.screening?.status === 'done'
  useGetVerificationQuery(v.id, { pollingInterval: done ? 0 : RUNNING_POLL_MS, skipPollingIfUnfocused: true })
  return done ? (
    <Badge color="green" className={cn('gap-1', className)}>
      <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Checks complete
    </Badge>
  ) : (
    <Badge color="blue" className={cn('gap-1', className)}>
      <Loader2 className="h-3.5 w-3.5 motion-safe:animate-spin" aria-hidden /> Checks running
    </Badge>
  )
}
