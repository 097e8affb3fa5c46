/** ListParams is a page of the verification lists as the API reads it (GET /api/verifications). */
export interface ListParams {
  page: number
  pageSize: number
  sort: 'id' | 'status' | 'tier' | 'createdAt' | 'updatedAt'
  order: 'asc' | 'desc'
  /** One status, or several separated by commas ("draft,submitted"). */
  status?: string
  tier?: string
}

function listQueryString(p: ListParams): string {
  const q = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize), sort: p.sort, order: p.order })
  if (p.status && p.status !== 'all') q.set('status', p.status)
  if (p.tier && p.tier !== 'all') q.set('tier', p.tier)
  return q.toString()
}

/** listPath is a page of the verification lists (under /api), as the API client and app/boot.ts ask for it. */
export const listPath = (p: ListParams) => `/verifications?${listQueryString(p)}`
