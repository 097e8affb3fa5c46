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

const newPasswords = {
  newPassword: yup
    .string()
    .min(6, 'New password must be at least 6 characters')
    .required('New password must be at least 6 characters'),
  confirmNewPassword: yup
    .string()
    .min(6, 'Confirm new password must be at least 6 characters')
    .required('Confirm new password must be at least 6 characters')
    .oneOf([yup.ref('newPassword')], 'New passwords do not match'),
}

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('Current password is required'),
  ...newPasswords,
})
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>

export const forgotPasswordSchema = yup.object({ email })
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>

/** resetPasswordSchema is the change-password form's new-password rules, for a reset link. */
export const resetPasswordSchema = yup.object(newPasswords)
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>
