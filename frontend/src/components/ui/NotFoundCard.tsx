import { AlertTriangle, Home } from 'lucide-react'
import { usePageTitle } from '../../lib/usePageTitle'
import { paths } from '../../lib/paths'
import { ButtonLink } from './Button'
import { Card } from './Card'
import { MAIN_ID } from './SkipLink'

/** NotFoundCard is the spec's 404 card, with a way back home. */
export function NotFoundCard() {
  usePageTitle('Page not found')
  return (
    <main id={MAIN_ID} className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <ButtonLink to={paths.home} className="mt-6" icon={<Home className="h-4 w-4" aria-hidden />}>
          Go to the home page
        </ButtonLink>
      </Card>
    </main>
  )
}
