import * as yup from 'yup'

const email = yup.string().trim().email('Please enter a valid email').required('Please enter a valid email')
const password = yup.string().min(6, 'Password must be at least 6 characters').required('Password must be at least 6 characters')

export const loginSchema = yup.object({ email, password })
export type LoginValues = yup.InferType<typeof loginSchema>

export const registerSchema = yup.object({
  email,
  password,
  confirmPassword: yup
    .string()
    .min(6, 'Password must be at least 6 characters')
    .required('Password must be at least 6 characters')
    .oneOf([yup.ref('password')], 'Passwords do not match'),
})
export type RegisterValues = yup.InferType<typeof registerSchema>

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('Current password is required'),
  newPassword: yup
    .string()
    .min(6, 'New password must be at least 6 characters')
    .required('New password must be at least 6 characters'),
  confirmNewPassword: yup
    .string()
    .min(6, 'Confirm new password must be at least 6 characters')
    .required('Confirm new password must be at least 6 characters')
    .oneOf([yup.ref('newPassword')], 'New passwords do not match'),
})
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>
