import { Button } from '../../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../../components/ui/Card'
import { Progress } from '../../../../components/ui/Progress'

/** ProgressCard shows how many sections are done and offers Submit when the server allows it. */
export function ProgressCard({
  done,
  loading,
  canSubmit,
  onSubmit,
  submitting,
}: {
  done: number
  loading: boolean
  canSubmit: boolean
  onSubmit: () => void
  submitting: boolean
}) {
  const percent = done * 20
  return (
    <Card className="h-fit lg:sticky lg:top-24">
      <CardHeader title="Application progress" />
      <CardBody>
        <div className="flex items-baseline justify-between">
          <span className="text-3xl font-bold text-slate-900">{loading ? '…' : `${percent}%`}</span>
          <span className="text-sm text-slate-500">{done} of 5 sections</span>
        </div>
        <Progress value={percent} label="Application progress" className="mt-3" />
        {canSubmit ? (
          <Button className="mt-6 w-full" size="lg" onClick={onSubmit} loading={submitting}>
            Submit Verification
          </Button>
        ) : (
          <p className="mt-6 rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600">Complete all sections to submit</p>
        )}
        <p className="mt-4 text-xs text-slate-500">After submitting you pay by card; our team reviews your application within 1-2 business days.</p>
      </CardBody>
    </Card>
  )
}
