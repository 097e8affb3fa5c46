import { Construction } from 'lucide-react'
import { Card } from './Card'

/** PlaceholderPage stands in for screens that a later issue builds. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="p-10 text-center">
        <Construction className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">{text}</p>
      </Card>
    </div>
  )
}
