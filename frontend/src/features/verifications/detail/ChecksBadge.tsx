import type { Verification } from '../../../lib/types'
import { ChecksStatus } from '../ChecksStatus'
import { useGetVerificationQuery } from '../verificationApi'

// While the checks run, the page looks again now and then so that "complete" shows by itself.
const RUNNING_POLL_MS = 10_000

/** ChecksBadge is ChecksStatus on the verification's own page, which keeps it current while the checks run. */
export function ChecksBadge({ v, className }: { v: Verification; className?: string }) {
  useGetVerificationQuery(v.id, { pollingInterval: v.screening?.status === 'done' ? 0 : RUNNING_POLL_MS, skipPollingIfUnfocused: true })
  return <ChecksStatus v={v} className={className} />
}
