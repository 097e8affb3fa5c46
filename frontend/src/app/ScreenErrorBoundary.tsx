import { AlertTriangle, RotateCw } from 'lucide-react'
import { Component, type ReactNode } from 'react'
import { Button } from '../components/ui/Button'
import { Card } from '../components/ui/Card'
import { MAIN_ID } from '../components/ui/SkipLink'
import { paths } from '../lib/paths'

interface Props {
  /** pathname is the current address: moving to another one clears the error. */
  pathname: string
  children: ReactNode
}

interface State {
  failed: boolean
  /** pathname is the address the state belongs to. */
  pathname: string
}

/**
 * ScreenErrorBoundary shows a card instead of a blank page when a screen fails to render (a bug,
 * or a chunk that could not be fetched after a deployment), with a way to reload.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, pathname: this.props.pathname }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname !== state.pathname ? { failed: false, pathname: props.pathname } : null
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <main id={MAIN_ID} className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
        <Card className="w-full max-w-md p-8">
          <div className="flex items-center gap-3">
            <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">This page could not be shown. Reload it to try again; your saved work is not affected.</p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button onClick={() => window.location.reload()} icon={<RotateCw className="h-4 w-4" aria-hidden />}>
              Reload
            </Button>
            {/* A full load, not a route change: it fetches the current chunks afresh. */}
            <a href={paths.home} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
              Go to the home page
            </a>
          </div>
        </Card>
      </main>
    )
  }
}
