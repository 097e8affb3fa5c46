import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from './Card'

/** StateCard is a page-level message for a record that cannot be shown (not found, failed to load). */
export function StateCard({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg py-12">
      <Card className="p-8 text-center">
        <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        <div className="mt-6">{action}</div>
      </Card>
    </div>
  )
}
