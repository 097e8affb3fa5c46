import { ChevronDown, ChevronRight, Database, RefreshCw, Terminal } from 'lucide-react'
import { Fragment, useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/Button'
import { Card, CardHeader } from '../../components/ui/Card'
import { Spinner } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { errorMessage } from '../../lib/errors'
import { formatDate, formatDateTime } from '../../lib/format'
import type { ListVersion } from '../../lib/types'
import { useScreeningListsQuery } from './screeningApi'
import { sourceName, sourceTitle } from '../../lib/screening'

/** Changes is what a version added, removed and changed against the version before it. */
export function Changes({ v }: { v: ListVersion }) {
  if (v.previousId === null) return <span className="text-slate-500">First import</span>
  if (v.added + v.removed + v.changed === 0) return <span className="text-slate-500">No changes</span>
  return (
    <span className="inline-flex gap-2 font-mono text-xs" aria-label={`${v.added} added, ${v.removed} removed, ${v.changed} changed`}>
      <span className="text-green-700">+{v.added}</span>
      <span className="text-red-700">{'\u2212'}{v.removed}</span>
      <span className="text-amber-700">~{v.changed}</span>
    </span>
  )
}

function published(v: ListVersion) {
  return v.published ? formatDate(v.published) : <span className="text-slate-500">Not dated</span>
}

// On a phone each row is a small card: the header row is hidden and every cell names its column.
export const rowClass = 'grid grid-cols-2 gap-x-4 gap-y-2 px-4 py-3 text-sm text-slate-700 md:table-row md:p-0'
export const cellClass = 'block md:table-cell md:px-4 md:py-3'

export function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn(cellClass, 'md:whitespace-nowrap', className)}>
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-500 md:hidden">{label}</span>
      {children}
    </td>
  )
}

function VersionCells({ v, first }: { v: ListVersion; first: ReactNode }) {
  return (
    <>
      <td className={cn(cellClass, 'col-span-2 md:min-w-48')}>{first}</td>
      <Cell label="Publisher's date">{published(v)}</Cell>
      <Cell label="Entries" className="md:text-right">
        <span className="tabular-nums">{v.entryCount.toLocaleString('en-US')}</span>
      </Cell>
      <Cell label="Imported">
        {formatDateTime(v.importedAt, { zone: true })}
        {v.importedBy && <span className="block text-xs text-slate-500">by {v.importedBy}</span>}
      </Cell>
      <Cell label="Changes vs previous">
        <Changes v={v} />
      </Cell>
    </>
  )
}

function ListsTable({ inForce, history }: { inForce: ListVersion[]; history: ListVersion[] }) {
  const [open, setOpen] = useState<Record<string, boolean>>({})
  const older = (v: ListVersion) =>
    history.filter((h) => h.source === v.source && h.id !== v.id).sort((a, b) => b.importedAt.localeCompare(a.importedAt))
  return (
    // relative: the screen-reader-only header must not widen the page on a phone. A focusable region,
    // so that keyboard users can scroll the table where it is wider than the card (a 1280 px laptop):
    // axe's scrollable-region-focusable asks for exactly this tabIndex.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="relative overflow-x-auto focus-visible:outline-2" tabIndex={0} role="region" aria-label="Screening lists">
      <table className="block min-w-full md:table">
        <thead className="hidden bg-slate-50/70 md:table-header-group">
          <tr className="whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <th scope="col" className="px-4 py-3">List</th>
            <th scope="col" className="px-4 py-3">Publisher&apos;s date</th>
            <th scope="col" className="px-4 py-3 text-right">Entries</th>
            <th scope="col" className="px-4 py-3">Imported</th>
            <th scope="col" className="px-4 py-3">Changes vs previous</th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">History</span>
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {inForce.map((v) => {
            const earlier = older(v)
            const expanded = open[v.source] ?? false
            return (
              <Fragment key={v.id}>
                <tr className={rowClass} data-testid="list-row">
                  <VersionCells
                    v={v}
                    first={
                      <>
                        <span className="block font-medium text-slate-900 md:whitespace-nowrap">{sourceName(v.source)}</span>
                        <span className="block text-xs text-slate-500">{sourceTitle(v.source)}</span>
                      </>
                    }
                  />
                  <td className={cn(cellClass, 'col-span-2 md:whitespace-nowrap md:text-right')}>
                    {earlier.length > 0 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="-ml-3 md:ml-0"
                        aria-expanded={expanded}
                        onClick={() => setOpen((o) => ({ ...o, [v.source]: !expanded }))}
                        icon={expanded ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
                      >
                        History ({earlier.length})
                      </Button>
                    ) : (
                      <span className="text-xs text-slate-600">No earlier version</span>
                    )}
                  </td>
                </tr>
                {expanded &&
                  earlier.map((h) => (
                    <tr key={h.id} className={cn(rowClass, 'bg-slate-50/80 text-slate-600')} data-testid="history-row">
                      <VersionCells
                        v={h}
                        first={
                          <span className="block border-l-2 border-slate-300 pl-3 text-xs">
                            Earlier version
                            <span className="block font-mono text-slate-500" title={h.sha256}>
                              {h.sha256.slice(0, 12)}
                            </span>
                          </span>
                        }
                      />
                      <td className="hidden md:table-cell" />
                    </tr>
                  ))}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

const IMPORT_EXAMPLES = [
  'ttt-verify screening import ofac_sdn sdn.csv add.csv alt.csv sdn_comments.csv',
  'ttt-verify screening import un consolidated.xml',
  'ttt-verify screening fetch',
]

function NoLists() {
  return (
    <div className="px-6 py-10 text-center">
      <Database className="mx-auto h-10 w-10 text-slate-300" aria-hidden />
      <p className="mt-3 text-sm font-medium text-slate-900">No list is loaded</p>
      <p className="mx-auto mt-1 max-w-xl text-sm text-slate-500">
        Checks find nothing until a sanctions or PEP list is imported. Import the publishers&apos; files on the server with the{' '}
        <code className="font-mono">screening</code> command (or <code className="font-mono">screening fetch</code> to download the current files):
      </p>
      {/* The commands wrap rather than scroll, so a narrow screen shows them whole without a keyboard trap. */}
      <pre className="mx-auto mt-4 max-w-2xl whitespace-pre-wrap break-all rounded-lg bg-slate-900 px-4 py-3 text-left text-xs leading-6 text-slate-100">
        <Terminal className="mb-1 h-4 w-4 text-slate-400" aria-hidden />
        {IMPORT_EXAMPLES.join('\n')}
      </pre>
    </div>
  )
}

/** ListsCard shows the list versions in force, each with its earlier versions on demand. */
export function ListsCard() {
  const lists = useScreeningListsQuery()
  const inForce = lists.data?.inForce ?? []
  return (
    <Card>
      <CardHeader
        title="Lists in force"
        description="The sanctions and PEP lists every check runs against, as last imported"
        icon={<Database className="h-5 w-5" aria-hidden />}
        action={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void lists.refetch()}
            icon={<RefreshCw className={cn('h-4 w-4', lists.isFetching && 'animate-spin')} aria-hidden />}
          >
            Refresh
          </Button>
        }
      />
      {lists.isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : lists.isError ? (
        <div className="px-6 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">Error Loading Lists</p>
          <p className="mt-1 text-sm text-slate-600">{errorMessage(lists.error)}</p>
          <Button className="mt-4" variant="outline" onClick={() => void lists.refetch()}>
            Try Again
          </Button>
        </div>
      ) : inForce.length === 0 ? (
        <NoLists />
      ) : (
        <ListsTable inForce={inForce} history={lists.data?.history ?? []} />
      )}
    </Card>
  )
}
