import * as RD from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  className?: string
  hideClose?: boolean
  /** wide makes room for a document. */
  wide?: boolean
}

export function Dialog({ open, onOpenChange, title, description, children, footer, className, hideClose, wide }: DialogProps) {
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[1px]" />
        <RD.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
            wide ? 'max-w-5xl' : 'max-w-lg',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RD.Title className="text-lg font-semibold text-slate-900">{title}</RD.Title>
          {description && <RD.Description className="mt-1.5 text-sm text-slate-600">{description}</RD.Description>}
          {children && <div className="mt-5">{children}</div>}
          {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
          {!hideClose && (
            <RD.Close
              className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="h-4 w-4" />
            </RD.Close>
          )}
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  )
}
