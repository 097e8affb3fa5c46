import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { appRoutes, AppRoutes } from './app/router'
import './index.css'

/** nextTask lets the browser paint and handle input before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The store and the API client load with the first screen that needs them (app/AppShell.tsx).
// Start-up runs in steps, each a task of its own, instead of one long task after the modules are
// evaluated: the root (React's event listeners), then the routes (matching the address starts its
// screen's chunks), then the first render, which is a transition, so React renders it in slices and
// a phone's main thread stays free for input. The declarative router is enough: no screen uses
// loaders or actions, and it leaves the data router's 55 KB out of the main script.
await nextTask()
const root = createRoot(document.getElementById('root')!)
await nextTask()
const tree = appRoutes()
await nextTask()
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes tree={tree} />
      </BrowserRouter>
    </StrictMode>,
  )
})
