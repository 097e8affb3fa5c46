import { Loader2 } from 'lucide-react'
import { cn } from '../../lib/cn'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 className={cn('h-6 w-6 animate-spin text-brand-700', className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** FullPageSpinner fills the screen, so a footer below it stays out of sight instead of jumping away when the page arrives. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen w-full items-center justify-center">
      <Spinner className="h-8 w-8" />
    </div>
  )
}

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-md bg-slate-200', className)} aria-hidden />
}
