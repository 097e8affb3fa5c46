import type { ReactNode } from 'react'
import { Button } from './Button'
import { Dialog } from './Dialog'

/**
 * ConfirmDialog asks before a destructive action on `item` (open while there is one): Cancel, or the
 * destructive `confirmLabel` button.
 */
export function ConfirmDialog<T>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
}: {
  item: T | null
  onClose: () => void
  title: string
  description: (item: T) => ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
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
          <Button variant="destructive" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
