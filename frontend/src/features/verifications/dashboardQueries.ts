import { PAGE_SIZE } from '../../lib/constants'
import { listPath, type ListParams } from '../../lib/listQuery'
import type { Tier } from '../../lib/types'

/**
 * The dashboard's reads, in a module without React or the store so that app/boot.ts can send them
 * while the dashboard's code is still on its way.
 */

/** A tier's verifications, newest first: a user holds a handful, so one page of 100 is all of them. */
export const tierQuery = (tier: Tier): ListParams => ({ page: 1, pageSize: 100, sort: 'updatedAt', order: 'desc', tier })

/** A page of one of the dashboard's lists, newest first. */
export const listQuery = (status: string, page: number): ListParams => ({ page, pageSize: PAGE_SIZE, sort: 'updatedAt', order: 'desc', status })

export const LIST_STATUS = { inProgress: 'draft,submitted', inReview: 'in_review', completed: 'approved,revoked,expired' } as const

/** dashboardReads are the paths (under /api) the dashboard reads first: both tiers and each list's first page. */
export function dashboardReads(): string[] {
  const first = [tierQuery('basic'), tierQuery('top'), ...Object.values(LIST_STATUS).map((s) => listQuery(s, 1))]
  return first.map(listPath)
}
