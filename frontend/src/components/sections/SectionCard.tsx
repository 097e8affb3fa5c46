import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardBody, CardHeader } from '../ui/Card'
import { Spinner } from '../ui/Spinner'

/**
 * SectionViewProps are what every read-only section view takes: the data (undefined while it loads)
 * and `detailed`, which the reviewer sets to see every field (the owner sees a summary).
 */
export interface SectionViewProps<T> {
  data: T | undefined
  loading?: boolean
  detailed?: boolean
}

/** SectionCard is the card around one read-only section: a spinner while loading, a line when empty. */
export function SectionCard({
  title,
  icon,
  loading,
  empty,
  bare,
  children,
}: {
  title: string
  icon: ReactNode
  loading?: boolean
  empty?: string | false
  /** bare renders the content without the padded body (for a full-width table). */
  bare?: boolean
  children?: ReactNode
}) {
  const body = loading ? <Spinner /> : empty ? <p className="text-sm text-slate-500">{empty}</p> : null
  return (
    <Card>
      <CardHeader title={title} icon={icon} />
      {body ? <CardBody>{body}</CardBody> : bare ? children : <CardBody>{children}</CardBody>}
    </Card>
  )
}

/** FileLink opens an uploaded file in a new tab. */
export function FileLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
      {children} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  )
}

/** fieldGrid is the description list's grid; the detailed view spaces its many fields a little more. */
export function fieldGrid(detailed?: boolean): string {
  return detailed ? 'grid gap-5 sm:grid-cols-2' : 'grid gap-4 sm:grid-cols-2'
}
