import { skipToken } from '@reduxjs/toolkit/query'
import type { AdminVerification } from '../../../lib/types'
import { adminApi, useAdminScreeningQuery } from '../adminApi'
import { FRESH } from './useReviewSections'

// While a run is queued or running the page looks again every few seconds, so results arrive by themselves.
const RUNNING_POLL_MS = 3_000

/** useScreening loads a Top verification's screening (a Basic one is never screened). */
export function useScreening(v: AdminVerification) {
  const arg = v.tier === 'top' ? v.id : skipToken
  const status = adminApi.endpoints.adminScreening.useQueryState(arg).data?.status
  const running = status === 'pending' || status === 'running'
  return useAdminScreeningQuery(arg, { ...FRESH, pollingInterval: running ? RUNNING_POLL_MS : 0, skipPollingIfUnfocused: true })
}

export type ScreeningQuery = ReturnType<typeof useScreening>
