import { Form, Formik } from 'formik'
import { Search } from 'lucide-react'
import { SelectField } from '../../components/form/SelectField'
import { TextField } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { mutate } from '../../components/ui/mutate'
import type { ScreeningResult, ScreeningSearch } from '../../lib/types'
import { EMPTY_CHECK, KIND_OPTIONS, checkSchema, formErrors, toSearch, type CheckValues } from './schema'
import { useScreeningSearchMutation } from './screeningApi'

/** CheckForm is the ad-hoc check: a name with optional evidence, sent to the search endpoint. */
export function CheckForm({ onResult }: { onResult: (query: ScreeningSearch, result: ScreeningResult) => void }) {
  const [search] = useScreeningSearchMutation()
  async function submit(values: CheckValues, setErrors: (e: Record<string, string>) => void) {
    const query = toSearch(values)
    const r = await mutate(search(query), { failed: 'Check failed', setErrors: (e) => setErrors(formErrors(e)) })
    if (r.ok) onResult(query, r.data)
  }
  return (
    <Card>
      <CardHeader
        title="Check a name"
        description="Screen a person or company against the lists in force. The date of birth, country and identifier add evidence for or against."
        icon={<Search className="h-5 w-5" aria-hidden />}
      />
      <CardBody>
        <Formik<CheckValues> initialValues={EMPTY_CHECK} validationSchema={checkSchema} onSubmit={(v, h) => submit(v, h.setErrors)}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Screening check" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
              <TextField name="name" label="Name" required autoComplete="off" placeholder="e.g. Ivan Petrov or Acme Trading LLC" className="sm:col-span-2 lg:col-span-4" />
              <SelectField name="kind" label="Kind" options={KIND_OPTIONS} className="lg:col-span-2" />
              <TextField name="dateOfBirth" label="Date of birth" autoComplete="off" placeholder="YYYY or YYYY-MM-DD" className="lg:col-span-2" />
              <TextField name="country" label="Country" autoComplete="off" placeholder="e.g. GB" maxLength={2} className="lg:col-span-2" />
              <TextField name="identifier" label="Identifier" autoComplete="off" placeholder="Passport, registration no., BIC, IMO" className="sm:col-span-2 lg:col-span-2" />
              <TextField
                name="minScore"
                label="Minimum score (0 to 1)"
                autoComplete="off"
                inputMode="decimal"
                placeholder="Default threshold"
                className="lg:col-span-2"
              />
              <div className="flex items-start justify-end sm:pt-6 lg:col-span-4">
                <Button type="submit" loading={isSubmitting} icon={<Search className="h-4 w-4" aria-hidden />}>
                  Check
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardBody>
    </Card>
  )
}
