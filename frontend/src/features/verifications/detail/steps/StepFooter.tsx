import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../../../components/ui/Button'

/**
 * StepFooter is the buttons under every step: Previous on the left; Skip for Now and the main
 * action (Save & Continue unless told otherwise) on the right. Without `onSubmit` the main button
 * submits the surrounding form, or the form named by `form` when the footer stands outside it.
 */
export function StepFooter({
  onPrevious,
  onSkip,
  submitLabel = 'Save & Continue',
  onSubmit,
  loading,
  icon,
  form,
}: {
  onPrevious?: () => void
  onSkip?: () => void
  submitLabel?: string
  onSubmit?: () => void
  loading?: boolean
  icon?: ReactNode
  form?: string
}) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        {onPrevious && (
          <Button variant="outline" onClick={onPrevious} icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
            Previous
          </Button>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {onSkip && (
          <Button variant="ghost" onClick={onSkip}>
            Skip for Now
          </Button>
        )}
        <Button type={onSubmit ? 'button' : 'submit'} form={form} onClick={onSubmit} loading={loading} icon={icon}>
          {submitLabel}
          {submitLabel === 'Save & Continue' && <ArrowRight className="h-4 w-4" aria-hidden />}
        </Button>
      </div>
    </div>
  )
}
