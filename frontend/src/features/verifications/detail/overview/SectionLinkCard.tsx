import { ArrowRight, CheckCircle2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../../../lib/cn'

/** SectionLinkCard is one section of the draft overview: done or not, a summary, and Edit or Start. */
export function SectionLinkCard({
  icon,
  title,
  done,
  summary,
  onClick,
}: {
  icon: ReactNode
  title: string
  done: boolean
  summary: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-done={done}
      aria-label={`${title}: ${done ? 'complete' : 'not started'}. ${done ? 'Edit' : 'Start'}`}
      className={cn(
        'group flex w-full items-center gap-4 rounded-xl border bg-white p-5 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        done ? 'border-green-200' : 'border-slate-200',
      )}
    >
      <div className={cn('flex h-11 w-11 shrink-0 items-center justify-center rounded-xl', done ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-500')}>
        {done ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : icon}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="mt-0.5 truncate text-sm text-slate-500">{summary}</p>
      </div>
      <span className={cn('inline-flex items-center gap-1 text-sm font-medium', done ? 'text-slate-600' : 'text-brand-700')}>
        {done ? 'Edit' : 'Start'} <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </span>
    </button>
  )
}
