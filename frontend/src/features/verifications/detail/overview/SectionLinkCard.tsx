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
      className={cn(
        'group flex w-full min-w-0 items-center gap-3 rounded-xl border bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:gap-4 sm:p-5',
        done ? 'border-green-200' : 'border-slate-200',
      )}
    >
      <div className={cn('flex h-11 w-11 shrink-0 items-center justify-center rounded-xl', done ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-500')}>
        {done ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : icon}
      </div>
      <div className="min-w-0 flex-1">
        {/* The visible text is the accessible name; the state is spoken, not only drawn. */}
        <p className="font-semibold text-slate-900">
          {title} <span className="sr-only">{done ? '(complete)' : '(not started)'}</span>
        </p>
        <p className="mt-0.5 truncate text-sm text-slate-600">{summary}</p>
      </div>
      <span className={cn('inline-flex shrink-0 items-center gap-1 text-sm font-medium', done ? 'text-slate-700' : 'text-brand-700')}>
        {done ? 'Edit' : 'Start'} <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </span>
    </button>
  )
}
