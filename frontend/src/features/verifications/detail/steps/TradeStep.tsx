import { Package } from 'lucide-react'
import { mutate } from '../../../../components/ui/mutate'
import type { TradeInfo } from '../../../../lib/types'
import { pick, TRADE_FIELDS } from '../../schema'
import { useGetTradeInfoQuery, useSaveTradeInfoMutation } from '../../verificationApi'
import { TradeForm } from '../forms'
import { StepShell, type StepNav } from './StepShell'

export function TradeStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetTradeInfoQuery(id)
  const [save] = useSaveTradeInfoMutation()
  return (
    <StepShell
      step={4}
      title="Trade Details"
      description="What you trade and how. This helps counterparties understand your business."
      icon={<Package className="h-5 w-5" aria-hidden />}
      loading={isLoading}
    >
      <TradeForm
        initialValues={pick(TRADE_FIELDS, data)}
        onPrevious={previous}
        onSkip={next}
        onSubmit={async (values, { setErrors }) => {
          const r = await mutate(save({ id, exists: data != null, data: values as TradeInfo }), { failed: 'Failed to save trade information', done: { title: 'Trade information saved' }, setErrors })
          if (r.ok) next()
        }}
      />
    </StepShell>
  )
}
