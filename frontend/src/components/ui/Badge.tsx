import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { statusColor, statusLabel, type BadgeColor } from '../../lib/status'

const colors: Record<BadgeColor, string> = {
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  purple: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/30',
}

export function Badge({ color = 'grey', children, className }: { color?: BadgeColor; children: ReactNode; className?: string }) {
  return (
    <span
      data-color={color}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', colors[color], className)}
    >
      {children}
    </span>
  )
}

/** StatusBadge shows a verification status in the spec's colours; null reads 'Not Started'. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge color={statusColor(status)}>{statusLabel(status)}</Badge>
}
