import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { makeRouter } from './app/router'
import './index.css'

// The store and the API client load with the first screen that needs them (app/AppShell.tsx).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={makeRouter()} />
  </StrictMode>,
)
