import { api } from '../../app/api'
import type { CardResult, CouponQuote, PaymentConfig, PaymentIntent, PaymentSuccessResult, Verification } from '../../lib/types'

export interface CreateIntentInput {
  verificationId: number
  couponCode?: string
  purpose?: 'verification' | 'upgrade'
}

export interface CardDetails {
  cardNumber: string
  expiry: string
  cvc: string
}

/** Paying changes the verification (status, payment), so every list and the record itself refresh. */
function paid(id: number) {
  return [{ type: 'Verification' as const, id }, { type: 'Verification' as const, id: 'LIST' }]
}

export const paymentApi = api.injectEndpoints({
  endpoints: (b) => ({
    getPaymentConfig: b.query<PaymentConfig, void>({
      query: () => '/config',
      providesTags: ['PaymentConfig'],
    }),
    // The payment page reads the verification itself: features do not share endpoints.
    getPayableVerification: b.query<Verification, number>({
      query: (id) => `/verifications/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Verification', id }],
    }),
    validateCoupon: b.mutation<CouponQuote, { couponCode: string; verificationId: number }>({
      query: (body) => ({ url: '/validate-coupon', method: 'POST', body }),
    }),
    createPaymentIntent: b.mutation<PaymentIntent, CreateIntentInput>({
      query: (body) => ({ url: '/create-payment-intent', method: 'POST', body }),
      // A 100% coupon pays the verification at once.
      invalidatesTags: (r, _e, { verificationId }) => (r?.paid ? paid(verificationId) : []),
    }),
    confirmSimulatedPayment: b.mutation<CardResult, { intentId: string; verificationId: number; card: CardDetails }>({
      query: ({ intentId, card }) => ({ url: `/simulated-payments/${encodeURIComponent(intentId)}/confirm`, method: 'POST', body: card }),
      invalidatesTags: (r, _e, { verificationId }) => (r ? paid(verificationId) : []),
    }),
    paymentSuccess: b.mutation<PaymentSuccessResult, { verificationId: number; paymentIntentId: string }>({
      query: (body) => ({ url: '/payment-success', method: 'POST', body }),
      invalidatesTags: (r, _e, { verificationId }) => (r ? paid(verificationId) : []),
    }),
  }),
})

export const {
  useGetPaymentConfigQuery,
  useGetPayableVerificationQuery,
  useValidateCouponMutation,
  useCreatePaymentIntentMutation,
  useConfirmSimulatedPaymentMutation,
  usePaymentSuccessMutation,
} = paymentApi
