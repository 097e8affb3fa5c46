import * as yup from 'yup'

// The simulated provider's own messages (Stripe's wording), so the client and server agree.
export const cardSchema = yup.object({
  cardNumber: yup
    .string()
    .required('Your card number is incomplete.')
    .test('digits', 'Your card number is incomplete.', (v) => (v ?? '').replace(/\D/g, '').length >= 12),
  expiry: yup
    .string()
    .required("Your card's expiration date is incomplete (MM/YY).")
    .matches(/^\d{2}\/\d{2}$/, "Your card's expiration date is incomplete (MM/YY)."),
  cvc: yup
    .string()
    .required("Your card's security code is incomplete.")
    .matches(/^\d{3,4}$/, "Your card's security code is incomplete."),
})
export type CardValues = yup.InferType<typeof cardSchema>

/** formatCardNumber groups the digits in fours, as printed on a card. */
export function formatCardNumber(v: string): string {
  return v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** formatExpiry turns typed digits into MM/YY. */
export function formatExpiry(v: string): string {
  const d = v.replace(/\D/g, '').slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}
