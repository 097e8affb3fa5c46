import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { usePagedList, usePageInRange, type PagedListConfig } from './usePagedList'

type Field = 'updatedAt' | 'id'

const CONFIG: PagedListConfig<{ status: string; q: string }, Field> = {
  filters: { status: 'all', q: '' },
  allowed: { status: ['all', 'draft', 'approved'] },
  sorts: ['updatedAt', 'id'],
  sort: 'updatedAt',
  order: 'desc',
}

/** List shows the hook's state and offers each of its changes as a button. */
function List({ total }: { total?: number }) {
  const list = usePagedList(CONFIG)
  usePageInRange(list, total, 10)
  const { page, sort, order, filters } = list
  return (
    <>
      <output aria-label="state">{`page ${page}, ${sort} ${order}, status ${filters.status}, q '${filters.q}'`}</output>
      <button type="button" onClick={() => list.setPage(page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.sortBy('id')}>
        Sort by ID
      </button>
      <button type="button" onClick={() => list.setSorting('updatedAt', 'asc')}>
        Oldest first
      </button>
      <button type="button" onClick={() => list.setFilters({ status: 'draft' })}>
        Drafts
      </button>
      <button type="button" onClick={() => list.setFilters({ q: 'acme' }, { replace: true })}>
        Type acme
      </button>
      <button type="button" onClick={() => list.setFilters(CONFIG.filters)}>
        Clear
      </button>
      <button
        type="button"
        onClick={() => {
          list.setFilters({ status: 'draft' })
          list.setFilters({ q: 'acme' }, { replace: true })
        }}
      >
        Drafts, then type acme
      </button>
    </>
  )
}

function renderAt(url: string, total?: number) {
  const router = createMemoryRouter([{ path: '/list', element: <List total={total} /> }], { initialEntries: [url] })
  const view = render(<RouterProvider router={router} />)
  return { router, view }
}

const state = () => screen.getByRole('status', { name: 'state' }).textContent
const address = (router: ReturnType<typeof renderAt>['router']) => router.state.location.pathname + router.state.location.search

describe('usePagedList', () => {
  it('starts from the defaults on a bare address, and leaves defaults out of the address', async () => {
    const { router } = renderAt('/list')
    expect(state()).toBe("page 1, updatedAt desc, status all, q ''")
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Drafts' }))
    expect(address(router)).toBe('/list?status=draft')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(address(router)).toBe('/list')
  })

  it('builds a change made before the address reaches the page on the change before it', async () => {
    const { router } = renderAt('/list?page=2&q=old')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Drafts, then type acme' }))
    expect(address(router)).toBe('/list?q=acme&status=draft')
    expect(state()).toBe("page 1, updatedAt desc, status draft, q 'acme'")
  })

  it('builds on the address Back returned to, once a change has arrived', async () => {
    const { router } = renderAt('/list?status=approved')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Drafts' }))
    await act(() => router.navigate(-1))
    await user.click(screen.getByRole('button', { name: 'Type acme' }))
    expect(address(router)).toBe('/list?status=approved&q=acme')
  })

  it('reads page, sort, order and filters from the address', () => {
    renderAt('/list?page=3&sort=id&order=asc&status=approved&q=acme')
    expect(state()).toBe("page 3, id asc, status approved, q 'acme'")
  })

  it('reads what it does not know as the default', () => {
    renderAt('/list?page=-2&sort=password&order=sideways&status=archived&q=x')
    expect(state()).toBe("page 1, updatedAt desc, status all, q 'x'")
  })

  it('writes each change to the address; sorting and filtering start again at page 1', async () => {
    const { router } = renderAt('/list')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(address(router)).toBe('/list?page=3')
    expect(state()).toBe("page 3, updatedAt desc, status all, q ''")

    await user.click(screen.getByRole('button', { name: 'Sort by ID' }))
    expect(address(router)).toBe('/list?sort=id')
    expect(state()).toBe("page 1, id desc, status all, q ''")
    // The same header again turns the order around.
    await user.click(screen.getByRole('button', { name: 'Sort by ID' }))
    expect(state()).toBe("page 1, id asc, status all, q ''")
    await user.click(screen.getByRole('button', { name: 'Oldest first' }))
    expect(address(router)).toBe('/list?order=asc')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Drafts' }))
    expect(address(router)).toBe('/list?order=asc&status=draft')
    expect(state()).toBe("page 1, updatedAt asc, status draft, q ''")
  })

  it('keeps the list as it was across a reload', async () => {
    const first = renderAt('/list')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Drafts' }))
    await user.click(screen.getByRole('button', { name: 'Sort by ID' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const before = state()
    const url = address(first.router)
    first.view.unmount()

    renderAt(url) // a reload: a new app at the same address
    expect(state()).toBe(before)
    expect(before).toBe("page 2, id desc, status draft, q ''")
  })

  it('goes back to the page, sort and filters before on Back', async () => {
    const { router } = renderAt('/list')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Drafts' }))
    await user.click(screen.getByRole('button', { name: 'Sort by ID' }))

    await act(() => router.navigate(-1))
    expect(state()).toBe("page 1, updatedAt desc, status draft, q ''")
    await act(() => router.navigate(-1))
    expect(state()).toBe("page 2, updatedAt desc, status all, q ''")
    await act(() => router.navigate(1))
    expect(state()).toBe("page 1, updatedAt desc, status draft, q ''")
  })

  it('replaces the history entry when asked, so Back skips typing', async () => {
    const { router } = renderAt('/list')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Type acme' }))
    expect(address(router)).toBe('/list?q=acme')
    await act(() => router.navigate(-1))
    expect(address(router)).toBe('/list')
  })

  it('moves an address past the last page to the last page once the total is known', () => {
    const { router } = renderAt('/list?page=5&status=draft', 12)
    expect(state()).toBe("page 2, updatedAt desc, status draft, q ''")
    expect(address(router)).toBe('/list?page=2&status=draft')
  })

  it('leaves the page alone while the total is unknown', () => {
    renderAt('/list?page=5')
    expect(state()).toBe("page 5, updatedAt desc, status all, q ''")
  })
})
