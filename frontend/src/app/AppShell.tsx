import { Outlet } from 'react-router'
import { AppProviders } from './providers'
import { makeStore } from './store'

const store = makeStore()

/** AppShell gives every screen but the landing page the store and the toaster. */
export default function AppShell() {
  return (
    <AppProviders store={store}>
      <Outlet />
    </AppProviders>
  )
}
