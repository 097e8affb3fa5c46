import { LayoutDashboard, RotateCw } from 'lucide-react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Button, ButtonLink } from '../components/ui/Button'
import { StateCard } from '../components/ui/StateCard'
import { FullPageSpinner } from '../components/ui/Spinner'
import { useGetCurrentUserQuery } from '../features/auth/authApi'
import { errorMessage } from '../lib/errors'
import { paths } from '../lib/paths'
import { administers } from '../lib/roles'
import { usePageTitle } from '../lib/usePageTitle'

/**
 * useSession is the current user, or a card to show instead of the page while the session is
 * loading or could not be checked. A session that could not be checked (the server or its
 * database is down: a 503, not a 401) is not a missing one, so nobody is sent to sign in for it.
 */
function useSession() {
  const { data: user, isLoading, isError, error, refetch, isFetching } = useGetCurrentUserQuery()
  if (isLoading) return { pending: <FullPageSpinner /> }
  if (!user && isError) {
    return {
      pending: (
        <main className="min-h-screen bg-slate-50 px-4">
          <StateCard
            title="Service Unavailable"
            text={errorMessage(error)}
            action={
              <Button onClick={() => void refetch()} disabled={isFetching} icon={<RotateCw className="h-4 w-4" aria-hidden />}>
                Try Again
              </Button>
            }
          />
        </main>
      ),
    }
  }
  return { user }
}

/** RequireAuth sends anonymous visitors to /auth, remembering where they were going. */
export function RequireAuth() {
  const { user, pending } = useSession()
  const location = useLocation()
  if (pending) return pending
  return user ? <Outlet /> : <Navigate to={paths.auth} state={{ from: location }} replace />
}

/** RequireAdmin sends anyone who is not staff (a reviewer or an administrator) to /. */
export function RequireAdmin() {
  const { user, pending } = useSession()
  if (pending) return pending
  return user?.isAdmin ? <Outlet /> : <Navigate to={paths.home} replace />
}

/**
 * RequireAdministrator shows a reviewer who opens an administrators' page (it sits inside
 * RequireAdmin) that the page is not theirs, with a way back to the queue.
 */
export function RequireAdministrator() {
  const { user, pending } = useSession()
  if (pending) return pending
  return administers(user) ? <Outlet /> : <NotAllowed />
}

function NotAllowed() {
  usePageTitle('Not allowed')
  return (
    <StateCard
      tone="amber"
      title="Not Allowed"
      text="This page is for administrators. As a reviewer you work the review queue from the Admin Dashboard."
      action={
        <ButtonLink to={paths.admin} icon={<LayoutDashboard className="h-4 w-4" aria-hidden />}>
          Go to the Admin Dashboard
        </ButtonLink>
      }
    />
  )
}
