import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik'
import { CreditCard, FlaskConical } from 'lucide-react'
import { FormStatus, TextField } from '../../components/form/fields'
import { Button } from '../../components/ui/Button'
import { cardSchema, formatCardNumber, formatExpiry, type CardValues } from './schema'

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'Payment succeeds' },
  { number: '4000 0000 0000 0002', result: 'Card declined' },
  { number: '4000 0000 0000 9995', result: 'Declined: insufficient funds' },
] as const

function CardFields() {
  const { setFieldValue } = useFormikContext<CardValues>()
  return (
    <div className="grid gap-4 sm:grid-cols-4">
      <TextField
        name="cardNumber"
        label="Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="sm:col-span-4"
        onChange={(e) => void setFieldValue('cardNumber', formatCardNumber(e.target.value))}
      />
      <TextField
        name="expiry"
        label="Expiry (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        className="sm:col-span-2"
        onChange={(e) => void setFieldValue('expiry', formatExpiry(e.target.value))}
      />
      <TextField
        name="cvc"
        label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        className="sm:col-span-2"
        onChange={(e) => void setFieldValue('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
      />
    </div>
  )
}

function TestCards() {
  const { setFieldValue } = useFormikContext<CardValues>()
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="note" aria-label="Test mode">
      <p className="flex items-center gap-2 font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden /> Test mode: no card is charged
      </p>
      <p className="mt-1 text-amber-800">Payments are simulated. Use one of these test cards with any future expiry date and any 3-digit CVC:</p>
      <ul className="mt-3 space-y-1.5">
        {TEST_CARDS.map((c) => (
          <li key={c.number} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs text-slate-900">{c.number}</code>{' '}
              <span className="text-amber-800">{c.result}</span>
            </span>
            <button
              type="button"
              className="text-xs font-medium text-amber-900 underline underline-offset-2 hover:text-amber-950"
              onClick={() => void setFieldValue('cardNumber', c.number)}
              aria-label={`Use test card ${c.number}`}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** SimulatedCardForm is the card form of the simulated provider, clearly marked as test mode. */
export function SimulatedCardForm({
  amountLabel,
  onSubmit,
}: {
  amountLabel: string
  onSubmit: (values: CardValues, helpers: FormikHelpers<CardValues>) => Promise<void>
}) {
  return (
    <Formik<CardValues> initialValues={{ cardNumber: '', expiry: '', cvc: '' }} validationSchema={cardSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-5" aria-label="Card details">
          <TestCards />
          <CardFields />
          <FormStatus />
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting} icon={<CreditCard className="h-5 w-5" aria-hidden />}>
            Pay {amountLabel}
          </Button>
        </Form>
      )}
    </Formik>
  )
}
