import * as yup from 'yup'

/** followSchema is the follow form's rule, with the server's message. */
export const followSchema = yup.object({
  email: yup.string().trim().email('Please enter a valid email').required('Please enter a valid email'),
})
export type FollowValues = yup.InferType<typeof followSchema>
