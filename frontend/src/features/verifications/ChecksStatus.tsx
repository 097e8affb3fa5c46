import { CheckCircle2, Loader2 } from 'lucide-react'
import { Badge } from '@/components/ui/Badge'
import { cn } from '@/lib/cn'
import type { Verification } from '@/lib/types'

/**
 * ChecksStatus tells the owner of a Top verification whether its KYC, sanctions, PEP and
 * jurisdiction checks are running or complete; never what they found (no tipping off). Nothing for
 * a Basic verification, which has no such checks.
 */
export function ChecksStatus({ v, className }: { v: Verification; className?: string }) {
  if (!v.screening) return null
  return v.screening.status === 'done' ? (
    <Badge color="green" className={cn('gap-1', className)}>
      <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Checks complete
    </Badge>
  ) : (
    <Badge color="blue" className={cn('gap-1', className)}>
      <Loader2 className="h-3.5 w-3.5 motion-safe:animate-spin" aria-hidden /> Checks running
    </Badge>
  )
}
