import { Form, Formik } from 'formik'
import { BellRing, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { FormStatus, TextField } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { mutate } from '../../components/ui/mutate'
import { useFollowCertificateMutation } from './publicApi'
import { followSchema, type FollowValues } from './schema'

/**
 * FollowCertificate lets a counterparty ask for an e-mail whenever the certificate changes. The
 * server answers the same whether or not the address follows already, so the page shows that
 * answer and nothing else.
 */
export function FollowCertificate({ publicId }: { publicId: string }) {
  const [follow] = useFollowCertificateMutation()
  const [answer, setAnswer] = useState<string | null>(null)

  return (
    <section aria-labelledby="follow-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="follow-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <BellRing className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> Follow this certificate
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Get an e-mail when this certificate is revoked, reinstated, expires, is renewed or upgraded. We ask you to confirm your address first, and every
        message has a one-click unsubscribe. The company sees how many people follow it, never who.
      </p>
      {answer ? (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2.5 text-sm text-green-800">
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {answer}
        </p>
      ) : (
        <Formik<FollowValues>
          initialValues={{ email: '' }}
          validationSchema={followSchema}
          onSubmit={async (values, { setErrors, setStatus }) => {
            const r = await mutate(follow({ publicId, email: values.email.trim() }), { failed: 'Could not follow', setErrors, setStatus })
            if (r.ok) setAnswer(r.data.message)
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="mt-4 space-y-3" aria-label="Follow this certificate">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <TextField
                  name="email"
                  label="Your e-mail"
                  type="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  className="min-w-0 flex-1"
                />
                <Button type="submit" loading={isSubmitting} className="sm:mt-7">
                  Follow
                </Button>
              </div>
              <FormStatus />
            </Form>
          )}
        </Formik>
      )}
    </section>
  )
}
