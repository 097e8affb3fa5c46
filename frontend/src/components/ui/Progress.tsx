import { cn } from '../../lib/cn'

/** Progress is a bar from 0 to 100; valueText says the value in words when a bare percent says too little. */
export function Progress({ value, label, valueText, className }: { value: number; label: string; valueText?: string; className?: string }) {
  const v = Math.max(0, Math.min(100, Math.round(value)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${v}%` }} />
    </div>
  )
}
