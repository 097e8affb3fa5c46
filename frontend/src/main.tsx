import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { makeRouter } from './app/router'
import './index.css'

// The store and the API client load with the first screen that needs them (app/AppShell.tsx).
// The first render is a transition, so React renders it in slices and a phone's main thread stays free
// for input between them.
const root = createRoot(document.getElementById('root')!)
startTransition(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={makeRouter()} />
    </StrictMode>,
  )
})
