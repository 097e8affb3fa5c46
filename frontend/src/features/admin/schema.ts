import * as yup from 'yup'

export const rejectSchema = yup.object({
  reason: yup.string().trim().required('Rejection reason is required'),
})

export const revokeSchema = yup.object({
  reason: yup.string().trim().required('Revocation reason is required'),
})

export type ReasonValues = yup.InferType<typeof rejectSchema>
