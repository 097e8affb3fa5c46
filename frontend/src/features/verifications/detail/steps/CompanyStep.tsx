import { Building2 } from 'lucide-react'
import { mutate } from '../../../../components/ui/mutate'
import type { CompanyInfo } from '../../../../lib/types'
import { COMPANY_FIELDS, pick } from '../../schema'
import { useGetCompanyInfoQuery, useSaveCompanyInfoMutation } from '../../verificationApi'
import { CompanyForm } from '../forms'
import { StepShell, type StepNav } from './StepShell'

export function CompanyStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetCompanyInfoQuery(id)
  const [save] = useSaveCompanyInfoMutation()
  return (
    <StepShell
      step={1}
      title="Company Information"
      description="Legal details exactly as they appear on your certificate of incorporation."
      icon={<Building2 className="h-5 w-5" aria-hidden />}
      loading={isLoading}
    >
      <CompanyForm
        initialValues={pick(COMPANY_FIELDS, data)}
        onPrevious={previous}
        onSubmit={async (values, { setErrors }) => {
          const r = await mutate(save({ id, exists: data != null, data: values as CompanyInfo }), { failed: 'Failed to save company information', setErrors })
          if (r.ok) next()
        }}
      />
    </StepShell>
  )
}
