import { ShieldCheck } from 'lucide-react'
import { cn } from '../../lib/cn'

export function Logo({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className={cn('flex h-8 w-8 items-center justify-center rounded-lg', inverted ? 'bg-gold-400 text-brand-950' : 'bg-brand-800 text-gold-400')}>
        <ShieldCheck className="h-5 w-5" aria-hidden />
      </span>
      <span className={cn('text-lg', inverted ? 'text-white' : 'text-brand-950')}>
        TTT <span className={inverted ? 'text-gold-400' : 'text-brand-700'}>Verify</span>
      </span>
    </span>
  )
}
