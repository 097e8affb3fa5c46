import { Pencil, Trash2, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../../../components/ui/Button'

/**
 * PersonCard is one person listed on a step (a representative, a beneficial owner): the name and a
 * line or two about them, Edit and Delete, and below (children) their identity document's slot.
 */
export function PersonCard({
  name,
  details,
  onEdit,
  onDelete,
  deleting,
  testId,
  children,
}: {
  name: string
  details: ReactNode
  onEdit: () => void
  onDelete: () => void
  deleting: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-5" data-testid={testId}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserRound className="h-5 w-5" aria-hidden />
          </div>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{name}</p>
            {details}
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} icon={<Pencil className="h-4 w-4" aria-hidden />} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50"
            onClick={onDelete}
            loading={deleting}
            icon={<Trash2 className="h-4 w-4" aria-hidden />}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-4">{children}</div>
    </li>
  )
}
