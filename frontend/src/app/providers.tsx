import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { Toaster } from '../components/ui/Toaster'
import type { AppStore } from './store'

/**
 * AppProviders wraps the app (and tests) in the store and the single toaster. Tooltips take their
 * timing from the screens that show them, so screens without one do not load their library.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Toaster />
    </Provider>
  )
}
