import { AlertTriangle } from 'lucide-react'
import { Card } from './Card'

export function NotFoundCard() {
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <AlertTriangle className="h-8 w-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
      </Card>
    </div>
  )
}
