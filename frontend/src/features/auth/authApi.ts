import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { api, forgetEndedSession } from '../../app/api'
import type { Message, User } from '../../lib/types'

export interface Credentials {
  email: string
  password: string
}

export interface ChangePasswordInput {
  currentPassword: string
  newPassword: string
}

export interface ResetPasswordInput {
  token: string
  newPassword: string
}

export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    login: b.mutation<User, Credentials>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          setUser(dispatch, data)
        } catch {
          // the form shows the failure
        }
      },
    }),
    register: b.mutation<User, Credentials>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          setUser(dispatch, data)
        } catch {
          // the form shows the failure
        }
      },
    }),
    logout: b.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled
          setUser(dispatch, null)
        } catch {
          // the caller shows 'Logout failed'
        }
      },
    }),
    changePassword: b.mutation<void, ChangePasswordInput>({
      query: (body) => ({ url: '/change-password', method: 'POST', body }),
    }),
    requestPasswordReset: b.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/password-reset/request', method: 'POST', body }),
    }),
    resetPassword: b.mutation<void, ResetPasswordInput>({
      query: (body) => ({ url: '/password-reset/confirm', method: 'POST', body }),
    }),
  }),
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's state type would import the store here
type Dispatch = ThunkDispatch<any, any, UnknownAction>

/**
 * setUser drops every cached response of the previous session (another user's data must never
 * show) and stores the new current user.
 */
function setUser(dispatch: Dispatch, user: User | null) {
  forgetEndedSession()
  dispatch(api.util.resetApiState())
  dispatch(api.util.upsertQueryData('getCurrentUser', undefined, user))
}

export { useGetCurrentUserQuery } from '../../app/api'

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = authApi
