import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

export type Order = 'asc' | 'desc'

/** TextFilters are a list's filters: every one a string, 'all' or '' when it filters nothing. */
export type TextFilters<F> = { [K in keyof F]: string }

export interface PagedListConfig<F extends TextFilters<F>, S extends string = never> {
  /** filters are the filters' values when the address names none (the list's first view). */
  filters: F
  /** allowed lists, per filter, the values it may take; anything else in the address reads as the default. */
  allowed?: { [K in keyof F]?: readonly string[] }
  /** sorts are the fields the list may be sorted by; without them the list has one fixed order. */
  sorts?: readonly S[]
  sort?: S
  order?: Order
}

/** State is where a list stands: its page, order and filters. */
interface State<F, S> {
  page: number
  sort: S | undefined
  order: Order
  filters: F
}

/** SortOf is the type of a list's sort field: undefined for a list with one fixed order. */
type SortOf<S> = [S] extends [never] ? undefined : S

export interface PagedList<F, S extends string> {
  page: number
  sort: SortOf<S>
  order: Order
  filters: F
  /** setPage moves to another page, as a new history entry unless `replace`. */
  setPage: (page: number, opts?: { replace?: boolean }) => void
  /** sortBy sorts by a header's field: again on the same field turns the order around, another field starts descending. */
  sortBy: (field: S) => void
  /** setSorting sorts by a field and order (the "Sort by" select). */
  setSorting: (field: S, order: Order) => void
  /**
   * setFilters changes some filters and goes back to page 1. `replace` overwrites the current
   * history entry instead of adding one (typing in a text filter should not make Back undo it
   * letter by letter).
   */
  setFilters: (patch: Partial<F>, opts?: { replace?: boolean }) => void
}

/**
 * usePagedList keeps a server-paged list's page, sort and filters in the address's query string,
 * so a reload shows the same page and Back returns to the one before. A value that equals its
 * default is left out, so a list's first view has a bare address (/verifications). Any change of
 * sort or filters starts again at page 1.
 */
export function usePagedList<F extends TextFilters<F>, S extends string = never>(config: PagedListConfig<F, S>): PagedList<F, S> {
  const [params, setParams] = useSearchParams()
  const { filters: defaults, allowed, sorts = [], sort: defaultSort, order: defaultOrder = 'desc' } = config
  const allows = (k: keyof F, v: string) => allowed?.[k]?.includes(v) ?? true

  /** read gives the list's state an address names. */
  function read(at: URLSearchParams) {
    const pageParam = Number(at.get('page'))
    const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1
    const sortParam = at.get('sort') as S | null
    const sort = sortParam !== null && sorts.includes(sortParam) ? sortParam : defaultSort
    const orderParam = at.get('order')
    const order: Order = sorts.length > 0 && (orderParam === 'asc' || orderParam === 'desc') ? orderParam : defaultOrder
    const filters = { ...defaults }
    for (const k of Object.keys(defaults) as (keyof F & string)[]) {
      const v = at.get(k)
      if (v !== null && allows(k, v)) filters[k] = v as F[typeof k]
    }
    return { page, sort, order, filters }
  }

  // The router hands a new address to the next render, which may come late (navigation renders in
  // a transition). Until it comes, a change (a typing pause's commit just after Clear All Filters)
  // builds on the address last written, or it would put back what the first change took out; once
  // it has come, the render's own address is the base again, so Back is not mistaken for the wait.
  const written = useRef<{ over: string; to: URLSearchParams } | null>(null)
  useEffect(() => {
    if (written.current?.to.toString() === params.toString()) written.current = null
  }, [params])

  /** go writes the change to a state to the address, leaving out every value that equals its default. */
  function go(change: (s: State<F, S>) => State<F, S>, replace = false) {
    const base = written.current?.over === params.toString() ? written.current.to : params
    const next = change(read(base))
    const q = new URLSearchParams(base)
    const put = (k: string, v: string, dflt: string | undefined) => (v === dflt ? q.delete(k) : q.set(k, v))
    put('page', String(next.page), '1')
    if (next.sort !== undefined) {
      put('sort', next.sort, defaultSort)
      put('order', next.order, defaultOrder)
    }
    for (const k of Object.keys(defaults) as (keyof F & string)[]) put(k, next.filters[k], defaults[k])
    written.current = { over: params.toString(), to: q }
    setParams(q, { replace })
  }

  const state = read(params)
  return {
    ...state,
    sort: state.sort as SortOf<S>,
    setPage: (p, opts) => go((s) => ({ ...s, page: p }), opts?.replace),
    sortBy: (field) => go((s) => ({ ...s, page: 1, sort: field, order: field === s.sort && s.order === 'desc' ? 'asc' : 'desc' })),
    setSorting: (field, o) => go((s) => ({ ...s, page: 1, sort: field, order: o })),
    setFilters: (patch, opts) => go((s) => ({ ...s, page: 1, filters: { ...s.filters, ...patch } }), opts?.replace),
  }
}

/**
 * usePageInRange moves a list whose address names a page past the last one (rows deleted since,
 * an old bookmark) to its last page, in place of the address, once the server has told the total.
 * The total must be the answer to the current page and filters (RTK Query's `currentData`), not one
 * kept from the page before.
 */
export function usePageInRange(list: Pick<PagedList<unknown, never>, 'page' | 'setPage'>, total: number | undefined, pageSize: number) {
  const last = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize))
  const { page, setPage } = list
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true })
  }, [last, page, setPage])
}
