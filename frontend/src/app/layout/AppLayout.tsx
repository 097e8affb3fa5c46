import * as DM from '@radix-ui/react-dropdown-menu'
import { FileCheck2, HelpCircle, LayoutDashboard, LogOut, Menu, ScanSearch, ServerCrash, Settings, ShieldHalf, X } from 'lucide-react'
import { Suspense, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { Logo } from '../../components/ui/Logo'
import { BreakableEmail } from '../../components/ui/BreakableEmail'
import { SiteFooter } from '../../components/ui/SiteFooter'
import { MAIN_ID, SkipLink } from '../../components/ui/SkipLink'
import { FullPageSpinner } from '../../components/ui/Spinner'
import { mutate } from '../../components/ui/mutate'
import { cn } from '../../lib/cn'
import { useGetCurrentUserQuery, useLogoutMutation } from '../../features/auth/authApi'
import { NotificationBell } from '../../features/notifications/NotificationBell'
import { paths } from '../../lib/paths'
import { administers } from '../../lib/roles'
import { useLandmarkContainer } from '../../components/ui/landmark'

interface NavItem {
  to: string
  label: string
  icon: typeof LayoutDashboard
  /** active overrides the prefix match that marks the current entry. */
  active?: (pathname: string) => boolean
  /** adminOnly entries are administrators' pages; reviewers do not see them. */
  adminOnly?: boolean
}

function isActive(item: NavItem, pathname: string) {
  return item.active ? item.active(pathname) : pathname === item.to || pathname.startsWith(`${item.to}/`)
}

const NAV: NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  // The detail pages live under /verification/{id}, which is not a prefix match of /verifications.
  { to: paths.verifications, label: 'Verifications', icon: FileCheck2, active: (p) => p === paths.verifications || p.startsWith(paths.verification('')) },
  { to: paths.accountSettings, label: 'Account Settings', icon: Settings },
  { to: paths.help, label: 'Help & Support', icon: HelpCircle },
]

const ADMIN_NAV: NavItem[] = [
  // The review pages count as the dashboard; the screening and failed-jobs pages have their own entries.
  {
    to: paths.admin,
    label: 'Admin Dashboard',
    icon: ShieldHalf,
    active: (p) => p.startsWith(paths.admin) && !p.startsWith(paths.adminScreening) && !p.startsWith(paths.adminJobs),
  },
  { to: paths.adminScreening, label: 'Screening', icon: ScanSearch, adminOnly: true },
  { to: paths.adminJobs, label: 'Failed Jobs', icon: ServerCrash, adminOnly: true },
]

function useSignOut() {
  const [logout] = useLogoutMutation()
  const navigate = useNavigate()
  return async () => {
    const r = await mutate(logout(), { done: { title: 'Logged out', description: 'You have been logged out successfully' }, failed: 'Logout failed' })
    if (r.ok) navigate(paths.auth, { replace: true })
  }
}

export default function AppLayout() {
  const [menuTrigger, menuContainer] = useLandmarkContainer()
  const { data: user } = useGetCurrentUserQuery()
  const location = useLocation()
  // The mobile sidebar stays open on the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === location.pathname
  const setOpen = (o: boolean) => setOpenOn(o ? location.pathname : null)
  const signOut = useSignOut()
  const email = user?.email ?? ''

  const staffNav = administers(user) ? ADMIN_NAV : ADMIN_NAV.filter((item) => !item.adminOnly)
  const nav = user?.isAdmin ? [...NAV, ...staffNav] : NAV

  return (
    <div className="relative min-h-screen bg-slate-50">
      <SkipLink />
      {/* The sidebar's column down the whole page, so long pages (and full-page captures) keep it. */}
      <div className="pointer-events-none absolute inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" aria-hidden />
      {open && <div className="fixed inset-0 z-30 bg-slate-950/40 lg:hidden" onClick={() => setOpen(false)} aria-hidden />}
      <aside
        id="app-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform lg:translate-x-0',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
        aria-label="Sidebar"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-5">
          <Link to={paths.dashboard} aria-label="TTT Verify dashboard">
            <Logo />
          </Link>
          <button
            type="button"
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 lg:hidden"
            onClick={() => setOpen(false)}
            aria-label="Close sidebar"
          >
            <X className="h-5 w-5" />
          </button>
        </div>
        <nav className="flex-1 space-y-1 px-3 py-4" aria-label="Main">
          {nav.map((item) => {
            const active = isActive(item, location.pathname)
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                  active ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <item.icon className="h-5 w-5" aria-hidden />
                {item.label}
              </Link>
            )
          })}
        </nav>
        <div className="border-t border-slate-100 p-4">
          <p className="truncate text-sm font-medium text-slate-800" title={email}>
            {email}
          </p>
          <button
            type="button"
            onClick={signOut}
            className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </button>
        </div>
      </aside>

      <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            onClick={() => setOpen(true)}
            aria-label="Open sidebar"
            aria-controls="app-sidebar"
            aria-expanded={open}
          >
            <Menu className="h-5 w-5" />
          </button>
          <div className="flex-1" />
          <div className="flex items-center gap-2">
            <NotificationBell />
            <DM.Root modal={false}>
              <DM.Trigger asChild ref={menuTrigger}>
                <button
                  type="button"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold uppercase text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
                  aria-label="Account menu"
                >
                  {email.charAt(0).toUpperCase() || '?'}
                </button>
              </DM.Trigger>
              <DM.Portal container={menuContainer}>
                <DM.Content align="end" sideOffset={8} className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
                  <DM.Label className="px-2.5 py-2">
                    <span className="block text-xs text-slate-500">Signed in as</span>
                    <span className="block text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
                      <BreakableEmail email={email} />
                    </span>
                  </DM.Label>
                  <DM.Separator className="my-1 h-px bg-slate-100" />
                  <DM.Item asChild>
                    <Link
                      to={paths.accountSettings}
                      className="flex items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
                    >
                      <Settings className="h-4 w-4" aria-hidden /> Account Settings
                    </Link>
                  </DM.Item>
                  <DM.Item
                    onSelect={signOut}
                    className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-red-600 outline-none data-[highlighted]:bg-red-50"
                  >
                    <LogOut className="h-4 w-4" aria-hidden /> Sign out
                  </DM.Item>
                </DM.Content>
              </DM.Portal>
            </DM.Root>
          </div>
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
    </div>
  )
}
