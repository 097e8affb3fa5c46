import type { ReactNode } from 'react'
import { Card, CardBody, CardHeader } from '../../../../components/ui/Card'
import { FullPageSpinner } from '../../../../components/ui/Spinner'

export interface StepNav {
  next: () => void
  previous?: () => void
}

export function StepShell({
  step,
  title,
  description,
  icon,
  loading,
  children,
}: {
  step: number
  title: string
  description: string
  icon: ReactNode
  loading?: boolean
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            {title}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Step {step} of 5</span>
          </span>
        }
        description={description}
        icon={icon}
      />
      <CardBody>{loading ? <FullPageSpinner /> : children}</CardBody>
    </Card>
  )
}
