import { PAGE_SIZE } from '@/lib/constants'
import { ADMIN_STATUS_OPTIONS, ADMIN_TIER_OPTIONS } from '@/lib/options'
import type { Order, PagedListConfig } from '@/lib/usePagedList'

export interface AdminFilters {
  status: string
  tier: string
  email: string
  /** company is any part of the company name or registration number. */
  company: string
  publicId: string
  id: string
  /** screening is 'attention' to show only Top verifications whose screening needs a reviewer. */
  screening: 'all' | 'attention'
  /** claim is 'mine' for the caller's claims, 'unclaimed' for what nobody is reviewing. */
  claim: 'all' | 'mine' | 'unclaimed'
  /** secondReview is 'awaiting' for first approvals awaiting a second reviewer (FOUR_EYES). */
  secondReview: 'all' | 'awaiting'
}

/** The review queue opens on what needs a decision: In Review (spec 9). */
export const DEFAULT_FILTERS: AdminFilters = { status: 'in_review', tier: 'all', email: '', company: '', publicId: '', id: '', screening: 'all', claim: 'all', secondReview: 'all' }

/** Clear All Filters shows everything. */
export const CLEARED_FILTERS: AdminFilters = { status: 'all', tier: 'all', email: '', company: '', publicId: '', id: '', screening: 'all', claim: 'all', secondReview: 'all' }

/** CLAIM_OPTIONS filter the queue by who is reviewing. */
export const CLAIM_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  { value: 'unclaimed', label: 'Unclaimed' },
] as const

/** SECOND_REVIEW_OPTIONS find the approvals awaiting a second reviewer. */
export const SECOND_REVIEW_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'awaiting', label: 'Awaiting second review' },
] as const

/** ADMIN_SORTS are the fields the queue sorts by, one per column the table shows. */
export const ADMIN_SORTS = ['id', 'publicId', 'company', 'tier', 'status', 'createdAt', 'reviewSince'] as const
export type AdminSort = (typeof ADMIN_SORTS)[number]

/**
 * ADMIN_LIST keeps the queue's filters, sort and page in the address. The queue opens on In Review,
 * the longest wait first, until a header is clicked; see queueOrder for the other statuses.
 */
export const ADMIN_LIST: PagedListConfig<AdminFilters, AdminSort> = {
  sorts: ADMIN_SORTS,
  sort: 'reviewSince',
  order: 'asc',
  filters: DEFAULT_FILTERS,
  allowed: {
    status: ADMIN_STATUS_OPTIONS.map((o) => o.value),
    tier: ADMIN_TIER_OPTIONS.map((o) => o.value),
    screening: ['all', 'attention'],
    claim: CLAIM_OPTIONS.map((o) => o.value),
    secondReview: SECOND_REVIEW_OPTIONS.map((o) => o.value),
  },
}

export const ADMIN_POLLING_MS = 30_000

/** isFiltered tells whether anything differs from showing every verification. */
export function isFiltered(f: AdminFilters): boolean {
  return (Object.keys(CLEARED_FILTERS) as (keyof AdminFilters)[]).some((k) => f[k].trim() !== CLEARED_FILTERS[k])
}

/**
 * filterParams turns the filters into query parameters: 'all' and blank values are left out, the
 * database ID only when it is a positive whole number. `withStatus` is false for the stats call,
 * whose five counts are per status.
 */
export function filterParams(f: AdminFilters, withStatus = true): URLSearchParams {
  const q = new URLSearchParams()
  if (withStatus && f.status !== 'all') q.set('status', f.status)
  if (f.tier !== 'all') q.set('tier', f.tier)
  if (f.email.trim()) q.set('email', f.email.trim())
  if (f.company.trim()) q.set('company', f.company.trim())
  if (f.publicId.trim()) q.set('publicId', f.publicId.trim())
  const id = f.id.trim()
  if (/^\d+$/.test(id) && Number(id) > 0) q.set('id', id)
  if (f.screening === 'attention') q.set('screening', 'attention')
  if (f.claim !== 'all') q.set('claim', f.claim)
  if (f.secondReview === 'awaiting') q.set('secondReview', 'awaiting')
  return q
}

export interface AdminListArgs {
  filters: AdminFilters
  page: number
  sort?: AdminSort
  order?: Order
}

/**
 * queueOrder is the order the queue is listed in: only verifications in review wait, so the wait
 * orders the In Review queue alone and every other list falls back to newest first.
 */
export function queueOrder(status: string, sort: AdminSort, order: Order): { sort: AdminSort; order: Order } {
  return sort === 'reviewSince' && status !== 'in_review' ? { sort: 'createdAt', order: 'desc' } : { sort, order }
}

/** adminListQuery is the list call's query string: filters, page, 10 per page, newest first unless sorted. */
export function adminListQuery({ filters, page, sort = 'createdAt', order = 'desc' }: AdminListArgs): string {
  const q = filterParams(filters)
  q.set('page', String(page))
  q.set('pageSize', String(PAGE_SIZE))
  q.set('sort', sort)
  q.set('order', order)
  return q.toString()
}

/** idProblem is the DB ID field's message, or null when it is empty or a valid ID. */
export function idProblem(id: string): string | null {
  const t = id.trim()
  if (t === '') return null
  return /^\d+$/.test(t) && Number(t) > 0 ? null : 'Enter a number'
}
