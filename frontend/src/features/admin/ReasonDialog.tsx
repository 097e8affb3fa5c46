import { Form, Formik } from 'formik'
import type { ObjectSchema } from 'yup'
import { TextAreaField } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import type { ReasonValues } from './schema'

/** ReasonDialog asks for a required, non-blank reason (reject and revoke). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  schema,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  title: string
  description: string
  label: string
  confirmLabel: string
  schema: ObjectSchema<ReasonValues>
  onConfirm: (reason: string) => Promise<boolean>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <Formik<ReasonValues>
        initialValues={{ reason: '' }}
        validationSchema={schema}
        onSubmit={async (values, { resetForm }) => {
          if (await onConfirm(values.reason.trim())) resetForm()
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="space-y-5" aria-label={title}>
            <TextAreaField name="reason" label={label} required rows={4} placeholder="Explain what the applicant needs to know" />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" loading={isSubmitting}>
                {confirmLabel}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Dialog>
  )
}
