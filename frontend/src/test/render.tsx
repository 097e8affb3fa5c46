import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/providers'
import { makeStore } from '../app/store'
import { dismissToast } from '../components/ui/toast-store'

/** renderPage renders one page at `path` (matched by `pattern`) inside the app's providers. */
export function renderPage(pattern: string, path: string, element: ReactElement) {
  dismissToast()
  const store = makeStore()
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] })
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { store, router }
}
