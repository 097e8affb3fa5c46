import type { Paged } from './types'

/** headerCount reads a count header, or `fallback` when the header is missing, empty or not a number. */
export function headerCount(headers: Headers | undefined, name: string, fallback: number): number {
  const raw = headers?.get(name)
  const n = Number(raw)
  return raw && Number.isFinite(n) ? n : fallback
}

/**
 * pagedResponse is the transformResponse of every paged list: the body is the page's rows and the
 * total travels in X-Total-Count (DESIGN 3); without the header the page is taken to be the whole list.
 */
export function pagedResponse<T>(items: T[] | null | undefined, meta: { response?: Response } | undefined): Paged<T> {
  const list = items ?? []
  return { items: list, total: headerCount(meta?.response?.headers, 'X-Total-Count', list.length) }
}
