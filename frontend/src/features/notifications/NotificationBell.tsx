import * as DM from '@radix-ui/react-dropdown-menu'
import { Bell, CheckCheck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Spinner } from '../../components/ui/Spinner'
import { cn } from '../../lib/cn'
import { formatDateTime, formatRelative } from '../../lib/format'
import type { Notification } from '../../lib/types'
import { NOTIFICATION_PAGE_SIZE } from './notificationQuery'
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './notificationsApi'
import { useLandmarkContainer } from '../../components/ui/landmark'

/** NOTIFICATION_POLL_MS is how often the bell asks for news while the app is open. */
export const NOTIFICATION_POLL_MS = 60_000

const itemClass = 'cursor-pointer rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:opacity-50'

/** isAppPath accepts only a path inside the app, never another origin ("//host" or a scheme). */
function isAppPath(link: string | null | undefined): link is string {
  return !!link && link.startsWith('/') && !link.startsWith('//')
}

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const unread = !n.readAt
  return (
    <DM.Item onSelect={() => onOpen(n)} className={cn(itemClass, 'flex gap-3')} data-testid="notification">
      <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} aria-hidden />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
          {unread && <span className="sr-only">Unread: </span>}
          {n.title}
        </span>
        <span className="mt-0.5 block text-slate-600">{n.body}</span>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="mt-1 block text-xs text-slate-500">
          {formatRelative(n.createdAt)}
        </time>
      </span>
    </DM.Item>
  )
}

/** NotificationPageItems shows one page of the list (pages after the first load on "Load more"). */
function NotificationPageItems({ page, onOpen }: { page: number; onOpen: (n: Notification) => void }) {
  const { data, isLoading } = useGetNotificationsQuery({ page })
  if (isLoading) {
    return (
      <div className="flex justify-center py-3">
        <Spinner />
      </div>
    )
  }
  return (data?.items ?? []).map((n) => <NotificationItem key={n.id} n={n} onOpen={onOpen} />)
}

/**
 * NotificationBell is the top bar's bell: a red dot while something is unread, and a menu of the
 * user's notifications, newest first, paged on the server ("Load more"). It asks for news every
 * minute and whenever it is opened.
 */
export function NotificationBell() {
  const [menuTrigger, menuContainer] = useLandmarkContainer()
  const [open, setOpen] = useState(false)
  const [pages, setPages] = useState(1)
  const first = useGetNotificationsQuery({ page: 1 }, { pollingInterval: NOTIFICATION_POLL_MS })
  const [markRead] = useMarkNotificationsReadMutation()
  const navigate = useNavigate()
  const unread = first.data?.unread ?? 0
  const total = first.data?.total ?? 0

  const onOpenChange = (o: boolean) => {
    setOpen(o)
    if (o) {
      setPages(1)
      void first.refetch()
    }
  }
  const openNotification = (n: Notification) => {
    if (!n.readAt) void markRead({ ids: [n.id] })
    if (isAppPath(n.link)) navigate(n.link)
  }

  return (
    <DM.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DM.Trigger asChild ref={menuTrigger}>
        <button
          type="button"
          className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          title="Notifications"
        >
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 && <span className="absolute right-2 top-2 h-2 w-2 rounded-full bg-red-500 ring-2 ring-white" data-testid="notification-dot" />}
        </button>
      </DM.Trigger>
      <DM.Portal container={menuContainer}>
        <DM.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[70vh] w-[22rem] flex-col rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 px-2.5 py-2">
            <DM.Label className="min-w-0 text-sm font-semibold text-slate-900">
              Notifications{unread > 0 && <span className="ml-1.5 whitespace-nowrap font-normal text-slate-500">({unread} unread)</span>}
            </DM.Label>
            <DM.Item
              disabled={unread === 0}
              onSelect={(e) => {
                e.preventDefault()
                void markRead({})
              }}
              className={cn(itemClass, 'flex shrink-0 items-center gap-1.5 whitespace-nowrap px-2 py-1 text-xs font-medium text-brand-700')}
            >
              <CheckCheck className="h-4 w-4" aria-hidden /> Mark all as read
            </DM.Item>
          </div>
          <DM.Separator className="my-1 h-px bg-slate-100" />
          <div className="overflow-y-auto">
            {first.isLoading && (
              <div className="flex justify-center py-6">
                <Spinner />
              </div>
            )}
            {first.isError && <p className="px-2.5 py-6 text-center text-sm text-slate-500">Notifications could not be loaded.</p>}
            {first.isSuccess && total === 0 && <p className="px-2.5 py-6 text-center text-sm text-slate-500">No notifications yet.</p>}
            {Array.from({ length: pages }, (_, i) => (
              <NotificationPageItems key={i + 1} page={i + 1} onOpen={openNotification} />
            ))}
            {pages * NOTIFICATION_PAGE_SIZE < total && (
              <DM.Item
                onSelect={(e) => {
                  e.preventDefault()
                  setPages((p) => p + 1)
                }}
                className={cn(itemClass, 'text-center font-medium text-brand-700')}
              >
                Load more
              </DM.Item>
            )}
          </div>
        </DM.Content>
      </DM.Portal>
    </DM.Root>
  )
}
