import { api } from '@/app/api'
import { headerCount } from '@/lib/paged'
import type { Notification } from '@/lib/types'
import { notificationsPath } from './notificationQuery'

/** NotificationPage is one page of the bell, with the totals the server sends in headers. */
export interface NotificationPage {
  items: Notification[]
  /** total counts every notification of the user (X-Total-Count). */
  total: number
  /** unread counts the unread ones (X-Unread-Count); the red dot shows while it is above zero. */
  unread: number
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (b) => ({
    getNotifications: b.query<NotificationPage, { page: number }>({
      query: ({ page }) => notificationsPath(page),
      transformResponse: (items: Notification[], meta) => {
        const headers = meta?.response?.headers
        return {
          items,
          total: headerCount(headers, 'X-Total-Count', items.length),
          unread: headerCount(headers, 'X-Unread-Count', items.filter((n) => !n.readAt).length),
        }
      },
      providesTags: ['Notification'],
    }),
    /** markNotificationsRead marks these notifications read, or all of them without ids. */
    markNotificationsRead: b.mutation<void, { ids?: number[] }>({
      query: (body) => ({ url: '/notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notification'],
    }),
  }),
})

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi
