import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { Toaster } from '../components/ui/Toaster'
import { TooltipProvider } from '../components/ui/Tooltip'
import type { AppStore } from './store'

/** AppProviders wraps the app (and tests) in the store, tooltip timing and the single toaster. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </Provider>
  )
}
