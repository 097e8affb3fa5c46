import type { ReactNode } from 'react'
import { Button, type ButtonVariant } from './Button'
import { Dialog } from './Dialog'

/**
 * ConfirmDialog asks before a consequential action on `item` (open while there is one): Cancel, or
 * the `confirmLabel` button (destructive unless `variant` says otherwise); `children` add detail.
 */
export function ConfirmDialog<T>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  variant = 'destructive',
  children,
}: {
  item: T | null
  onClose: () => void
  title: string
  description: (item: T) => ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
  variant?: ButtonVariant
  children?: ReactNode
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={item !== null ? description(item) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
