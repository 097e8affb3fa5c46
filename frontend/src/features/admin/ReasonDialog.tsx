import { Form, Formik, useFormikContext } from 'formik'
import type { ObjectSchema } from 'yup'
import { TextAreaField } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { SelectControl } from '../../components/ui/Select'
import type { ReasonValues } from './schema'

/** SavedReasons fills the reason with one the reviewer chooses from `choices`. */
function SavedReasons({ choices }: { choices: string[] }) {
  const { setFieldValue, setFieldTouched } = useFormikContext<ReasonValues>()
  return (
    <div>
      <label htmlFor="saved-reason" className="mb-1.5 block text-sm font-medium text-slate-700">
        Saved reasons
      </label>
      <SelectControl
        value=""
        onValueChange={(i) => {
          void setFieldValue('reason', choices[Number(i)])
          void setFieldTouched('reason', true, false)
        }}
        options={choices.map((c, i) => ({ value: String(i), label: c }))}
        placeholder="Choose a saved reason to start from"
        trigger={{
          id: 'saved-reason',
          className:
            'flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-slate-400 bg-white px-3 text-left text-sm text-slate-800 shadow-sm data-[placeholder]:text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&>span]:truncate',
        }}
      />
    </div>
  )
}

/** ReasonDialog asks for a required, non-blank reason (reject, revoke, take over), optionally from saved `choices`. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  schema,
  onConfirm,
  choices,
  placeholder = 'Explain what the applicant needs to know',
  confirmVariant = 'destructive',
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  title: string
  description: string
  label: string
  confirmLabel: string
  schema: ObjectSchema<ReasonValues>
  onConfirm: (reason: string) => Promise<boolean>
  choices?: string[]
  placeholder?: string
  confirmVariant?: 'destructive' | 'primary'
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
            {choices && choices.length > 0 && <SavedReasons choices={choices} />}
            <TextAreaField name="reason" label={label} required rows={4} placeholder={placeholder} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant={confirmVariant} loading={isSubmitting}>
                {confirmLabel}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Dialog>
  )
}
