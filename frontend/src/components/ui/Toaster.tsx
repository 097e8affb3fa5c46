import * as RToast from '@radix-ui/react-toast'
import { CheckCircle2, AlertCircle, X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { cn } from '../../lib/cn'
import { currentToast, dismissToast, subscribeToasts } from './toast-store'

export const TOAST_DURATION_MS = 5000

/** Toaster renders the single current toast (Radix Toast, 5 s, destructive for failures). */
export function Toaster() {
  const t = useSyncExternalStore(subscribeToasts, currentToast, currentToast)
  return (
    <RToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {t && (
        <RToast.Root
          key={t.id}
          open
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          {t.variant === 'destructive' ? (
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden />
          )}
          <div className="min-w-0">
            <RToast.Title className="text-sm font-semibold">{t.title}</RToast.Title>
            {t.description && (
              <RToast.Description className={cn('mt-1 text-sm break-words', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>
                {t.description}
              </RToast.Description>
            )}
          </div>
          <RToast.Close
            aria-label="Close"
            className={cn(
              'absolute right-3 top-3 rounded-md p-1',
              t.variant === 'destructive' ? 'text-red-50 hover:bg-red-800' : 'text-slate-500 hover:bg-slate-100',
            )}
          >
            <X className="h-4 w-4" />
          </RToast.Close>
        </RToast.Root>
      )}
      <RToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RToast.Provider>
  )
}
