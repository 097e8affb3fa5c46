import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export type BannerTone = 'blue' | 'purple' | 'green' | 'red' | 'amber' | 'yellow'

const tones: Record<BannerTone, string> = {
  blue: 'border-blue-200 bg-blue-50 text-blue-900',
  purple: 'border-purple-200 bg-purple-50 text-purple-900',
  green: 'border-green-200 bg-green-50 text-green-900',
  red: 'border-red-200 bg-red-50 text-red-900',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-900',
}

/** Banner is a coloured status strip with an icon, a title, text and optional actions. */
export function Banner({
  tone,
  icon,
  title,
  children,
  action,
  className,
}: {
  tone: BannerTone
  icon: ReactNode
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
  className?: string
}) {
  return (
    <div
      role="status"
      data-tone={tone}
      className={cn('flex flex-col gap-4 rounded-xl border p-5 sm:flex-row sm:items-center sm:justify-between', tones[tone], className)}
    >
      <div className="flex gap-3">
        <div className="mt-0.5 shrink-0">{icon}</div>
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          {children && <div className="mt-1 text-sm opacity-90">{children}</div>}
        </div>
      </div>
      {action && <div className="flex shrink-0 flex-wrap gap-2">{action}</div>}
    </div>
  )
}

/** InfoField is one label and value of a read-only description list; an empty value shows a dash. */
export function InfoField({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children || '—'}</dd>
    </div>
  )
}
