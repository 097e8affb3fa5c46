import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { errorMessage, errorStatus } from '../../lib/errors'
import { Card } from './Card'
import { FullPageSpinner } from './Spinner'

/** StateCard is a page-level message for a record that cannot be shown (not found, failed to load, not payable). */
export function StateCard({
  title,
  text,
  action,
  back,
  tone = 'red',
}: {
  title: string
  text: string
  action?: ReactNode
  /** back is a link shown above the card. */
  back?: ReactNode
  tone?: 'red' | 'amber'
}) {
  return (
    <div className={cn('mx-auto max-w-lg', back ? 'py-8' : 'py-12')}>
      {back}
      <Card className="p-8 text-center">
        <AlertCircle className={cn('mx-auto h-10 w-10', tone === 'red' ? 'text-red-500' : 'text-amber-500')} aria-hidden />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        {action && <div className="mt-6">{action}</div>}
      </Card>
    </div>
  )
}

interface RecordQuery<T> {
  data?: T
  isLoading: boolean
  isError: boolean
  error?: unknown
}

/**
 * RecordState renders a record a page loads by its ID: a spinner while it loads, 'Verification Not
 * Found' for a bad ID or a status in `hidden` (404, and 403 where the record belongs to someone
 * else), 'Error Loading Verification' for any other failure, and otherwise `children(record)`.
 */
export function RecordState<T>({
  valid,
  query,
  notFound = 'This verification does not exist or you do not have access to it.',
  hidden = [404, 403],
  ...card
}: {
  valid: boolean
  query: RecordQuery<T>
  notFound?: string
  hidden?: number[]
  action?: ReactNode
  back?: ReactNode
  tone?: 'red' | 'amber'
  children: (record: T) => ReactNode
}) {
  const { children, ...look } = card
  const missing = <StateCard title="Verification Not Found" text={notFound} {...look} />
  if (!valid) return missing
  if (query.isLoading) return <FullPageSpinner />
  if (query.isError) {
    const s = errorStatus(query.error)
    return s !== undefined && hidden.includes(s) ? missing : <StateCard title="Error Loading Verification" text={errorMessage(query.error)} {...look} />
  }
  return query.data ? children(query.data) : missing
}
