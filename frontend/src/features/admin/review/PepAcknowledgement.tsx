import { Form, Formik } from 'formik'
import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { TextAreaField } from '../../../components/form/fields'
import { Banner } from '../../../components/ui/Banner'
import { Button } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { mutate } from '../../../components/ui/mutate'
import { formatDateTime } from '../../../lib/format'
import type { VerificationScreening } from '../../../lib/types'
import { useAcknowledgePepMutation } from '../adminApi'
import { pepAcknowledgementSchema, type PepAcknowledgementValues } from '../schema'
import { pepUnavailable } from './screeningLabels'

/**
 * PepAcknowledgement asks the reviewer to acknowledge, with a note, that PEP screening could not run
 * (no PEP list loaded) before approval, and shows the acknowledgement once given.
 */
export function PepAcknowledgement({ verificationId, screening }: { verificationId: number; screening: VerificationScreening }) {
  const [acknowledge] = useAcknowledgePepMutation()
  const ack = screening.pepAcknowledgement
  if (ack) {
    return (
      <Banner tone="blue" icon={<ShieldCheck className="h-5 w-5" aria-hidden />} title="PEP screening unavailable: acknowledged">
        <p>
          By {ack.by} on {formatDateTime(ack.at, { zone: true })}
        </p>
        <p className="mt-1 whitespace-pre-line break-words">{ack.note}</p>
      </Banner>
    )
  }
  if (!pepUnavailable(screening.subjects)) return null
  return (
    <Card className="border-amber-300">
      <CardHeader
        title="PEP screening unavailable"
        description="No PEP list is loaded, so nobody was screened for politically exposed persons. The certificate will not claim a PEP check. Approval needs your acknowledgement."
        icon={<ShieldAlert className="h-5 w-5 text-amber-600" aria-hidden />}
      />
      <CardBody>
        <Formik<PepAcknowledgementValues>
          initialValues={{ note: '' }}
          validationSchema={pepAcknowledgementSchema}
          onSubmit={async (values, { setErrors }) => {
            await mutate(acknowledge({ id: verificationId, note: values.note.trim() }), {
              done: { title: 'PEP check acknowledged', description: 'The acknowledgement is in the audit trail.' },
              failed: 'Acknowledgement Failed',
              setErrors,
            })
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label="PEP acknowledgement" className="space-y-4">
              <TextAreaField name="note" id="pep-ack-note" label="Acknowledgement note" required rows={3} placeholder="Why approval may go ahead without PEP screening" />
              <div className="flex justify-end">
                <Button type="submit" loading={isSubmitting}>
                  Acknowledge
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      </CardBody>
    </Card>
  )
}
