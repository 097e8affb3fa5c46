import { act, render, renderHook, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCardLayout } from '@/lib/useCardLayout'
import { DataTable, type Column } from './DataTable'

interface Fruit {
  id: number
  name: string
  count: number
}

type Field = 'name' | 'count'

const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', count: 3 },
  { id: 2, name: 'Pear', count: 5 },
]

const COLUMNS: Column<Fruit, Field>[] = [
  { header: 'Name', sort: 'name', cell: (f) => f.name },
  { header: 'Count', sort: 'count', align: 'right', cell: (f) => f.count },
  { header: 'Actions', cell: (f) => <button type="button">Eat {f.name}</button> },
]

const EMPTY = { icon: null, title: 'No fruit found', text: 'Try another basket.' }

/** screenWidth stands in for matchMedia at a given width; resize moves it and tells the listeners. */
function screenWidth(width: number) {
  const listeners = new Set<() => void>()
  let w = width
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return query === '(min-width: 48rem)' && w >= 768
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })),
  )
  return {
    listening: () => listeners.size,
    resize(to: number) {
      w = to
      act(() => listeners.forEach((l) => l()))
    },
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('DataTable', () => {
  it('draws a table with column headers and one row per item', () => {
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={COLUMNS} empty={EMPTY} testId={{ row: 'fruit-row' }} />)
    const table = screen.getByRole('table', { name: 'Fruit' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Count', 'Actions'])
    const rows = screen.getAllByTestId('fruit-row')
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Apple', '3', 'Eat Apple'],
      ['Pear', '5', 'Eat Pear'],
    ])
    // Without sorting the headers are plain text.
    expect(within(table).queryByRole('button', { name: 'Name' })).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort')
  })

  it('marks the sorted column with aria-sort and reports a header click', async () => {
    const onSort = vi.fn()
    const { rerender } = render(
      <DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={COLUMNS} sorting={{ sort: 'count', order: 'desc', onSort }} empty={EMPTY} />,
    )
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none')
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Name' }))
    expect(onSort).toHaveBeenLastCalledWith('name')
    // The header is a button, so the keyboard sorts too.
    screen.getByRole('button', { name: 'Count' }).focus()
    await user.keyboard('{Enter}')
    expect(onSort).toHaveBeenLastCalledWith('count')

    rerender(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={COLUMNS} sorting={{ sort: 'name', order: 'asc', onSort }} empty={EMPTY} />)
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'none')
  })

  it('says so when there are no rows, without an empty table', () => {
    render(<DataTable label="Fruit" rows={[]} rowKey={(f: Fruit) => f.id} columns={COLUMNS} empty={EMPTY} />)
    expect(screen.getByText('No fruit found')).toBeInTheDocument()
    expect(screen.getByText('Try another basket.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a spinner while the first page loads', () => {
    render(<DataTable label="Fruit" rows={[]} rowKey={(f: Fruit) => f.id} columns={COLUMNS} loading empty={EMPTY} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    expect(screen.queryByText('No fruit found')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it("shows a failure with the server's message and Try Again, in place of the rows", async () => {
    const onRetry = vi.fn()
    render(
      <DataTable
        label="Fruit"
        rows={FRUITS}
        rowKey={(f) => f.id}
        columns={COLUMNS}
        error={{ title: 'Error Loading Fruit', error: { status: 503, data: { message: 'database is down' } }, onRetry }}
        empty={EMPTY}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Error Loading Fruit' })).toBeInTheDocument()
    expect(screen.getByText('database is down')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('is one card per row below 768 px, the list\'s own card or each cell under its column name', () => {
    screenWidth(390)
    const { rerender } = render(
      <DataTable
        label="Fruit"
        rows={FRUITS}
        rowKey={(f) => f.id}
        columns={COLUMNS}
        empty={EMPTY}
        card={(f) => <p>{f.name} card</p>}
        testId={{ row: 'fruit-row', card: 'fruit-card' }}
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    const list = screen.getByRole('list', { name: 'Fruit' })
    expect(within(list).getAllByTestId('fruit-card').map((c) => c.textContent)).toEqual(['Apple card', 'Pear card'])
    expect(screen.queryByTestId('fruit-row')).toBeNull()

    rerender(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={COLUMNS} empty={EMPTY} testId={{ row: 'fruit-row' }} />)
    const [apple] = screen.getAllByTestId('fruit-row')
    expect(apple.tagName).toBe('LI')
    expect(within(apple).getAllByRole('term').map((t) => t.textContent)).toEqual(['Name', 'Count', 'Actions'])
    expect(within(apple).getAllByRole('definition').map((d) => d.textContent)).toEqual(['Apple', '3', 'Eat Apple'])
  })

  it('turns from cards into a table as the window widens past 768 px, and back', () => {
    const screenSize = screenWidth(767)
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={COLUMNS} empty={EMPTY} />)
    expect(screen.getByRole('list', { name: 'Fruit' })).toBeInTheDocument()
    screenSize.resize(768)
    expect(screen.getByRole('table', { name: 'Fruit' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Fruit' })).toBeNull()
    screenSize.resize(500)
    expect(screen.getByRole('list', { name: 'Fruit' })).toBeInTheDocument()
  })
})

describe('useCardLayout', () => {
  it('is true below 768 px, follows resizes, and stops listening when unmounted', () => {
    const screenSize = screenWidth(1024)
    const { result, unmount } = renderHook(() => useCardLayout())
    expect(result.current).toBe(false)
    screenSize.resize(390)
    expect(result.current).toBe(true)
    const [query] = vi.mocked(window.matchMedia).mock.calls[0]
    expect(query).toBe('(min-width: 48rem)')
    expect(screenSize.listening()).toBe(1)
    unmount()
    expect(screenSize.listening()).toBe(0)
  })

  it('counts a screen without matchMedia as wide', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { result } = renderHook(() => useCardLayout())
    expect(result.current).toBe(false)
  })
})
