import { Navigate, Outlet, useLocation } from 'react-router'
import { FullPageSpinner } from '../components/ui/Spinner'
import { useGetCurrentUserQuery } from '../features/auth/authApi'
import { paths } from '../lib/paths'

/** RequireAuth sends anonymous visitors to /auth, remembering where they were going. */
export function RequireAuth() {
  const { data: user, isLoading } = useGetCurrentUserQuery()
  const location = useLocation()
  if (isLoading) return <FullPageSpinner />
  return user ? <Outlet /> : <Navigate to={paths.auth} state={{ from: location }} replace />
}

/** RequireAdmin sends anyone who is not an admin to /. */
export function RequireAdmin() {
  const { data: user, isLoading } = useGetCurrentUserQuery()
  if (isLoading) return <FullPageSpinner />
  return user?.isAdmin ? <Outlet /> : <Navigate to={paths.home} replace />
}
