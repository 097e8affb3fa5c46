import * as yup from 'yup'

export const rejectSchema = yup.object({
  reason: yup.string().trim().required('Rejection reason is required'),
})

export const revokeSchema = yup.object({
  reason: yup.string().trim().required('Revocation reason is required'),
})

export const reinstateSchema = yup.object({
  reason: yup.string().trim().required('Reinstatement reason is required'),
})

export const takeOverSchema = yup.object({
  reason: yup.string().trim().required('A reason is required to take over a review'),
})

export type ReasonValues = yup.InferType<typeof rejectSchema>

// The server takes a note of 1 to 2000 characters once trimmed (contract of issue 14).
const note = yup.string().trim().required('A note is required').max(2000, 'A note must be at most 2000 characters')

export const HIT_OUTCOMES = ['confirmed_match', 'false_positive', 'inconclusive'] as const

export const hitDecisionSchema = yup.object({
  outcome: yup.string().oneOf(HIT_OUTCOMES, 'Choose an outcome').required('Choose an outcome'),
  note,
})
export type HitDecisionValues = yup.InferType<typeof hitDecisionSchema>

export const pepAcknowledgementSchema = yup.object({ note })
export type PepAcknowledgementValues = yup.InferType<typeof pepAcknowledgementSchema>

export const sendBackSchema = yup.object({
  reason: yup.string().trim().required('A note is required to send an approval back'),
})
