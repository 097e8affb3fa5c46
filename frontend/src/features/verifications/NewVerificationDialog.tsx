import { BadgeCheck, Crown } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { mutate } from '../../components/ui/mutate'
import { cn } from '../../lib/cn'
import type { Tier } from '../../lib/types'
import { useCreateVerificationMutation } from './verificationApi'
import { paths } from '../../lib/paths'

const options: { tier: Tier; title: string; price: string; text: string; icon: typeof BadgeCheck }[] = [
  { tier: 'basic', title: 'Basic Verification', price: '$49', text: 'Certificate and Client Information Sheet, valid 12 months.', icon: BadgeCheck },
  { tier: 'top', title: 'Top Tier Verification', price: '$299', text: 'Adds KYC, AML and PEP checks and a premium digital certificate.', icon: Crown },
]

export function NewVerificationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [tier, setTier] = useState<Tier>('basic')
  const [create, { isLoading }] = useCreateVerificationMutation()
  const navigate = useNavigate()

  // The dialog opens on Basic every time (spec 2): whatever closes it puts the choice back.
  function setOpen(o: boolean) {
    if (!o) setTier('basic')
    onOpenChange(o)
  }

  async function start() {
    const r = await mutate(create({ tier }), { failed: 'Error', fallback: 'Failed to create verification. Please try again.' })
    if (!r.ok) return
    setOpen(false)
    navigate(paths.verification(r.data.id))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Start New Verification"
      description="Choose the verification tier for your company."
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={start} loading={isLoading}>
            Start Verification
          </Button>
        </>
      }
    >
      <div role="radiogroup" aria-label="Verification tier" className="grid gap-3">
        {options.map((o) => (
          <button
            key={o.tier}
            type="button"
            role="radio"
            aria-checked={tier === o.tier}
            onClick={() => setTier(o.tier)}
            className={cn(
              'flex items-start gap-4 rounded-xl border-2 p-4 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
              tier === o.tier ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <o.icon className={cn('mt-0.5 h-6 w-6 shrink-0', tier === o.tier ? 'text-brand-700' : 'text-slate-500')} aria-hidden />
            <span className="flex-1">
              <span className="flex items-center justify-between">
                <span className="font-semibold text-slate-900">{o.title}</span>
                <span className="font-bold text-brand-800">{o.price}</span>
              </span>
              <span className="mt-1 block text-sm text-slate-600">{o.text}</span>
            </span>
          </button>
        ))}
      </div>
    </Dialog>
  )
}
