import { Landmark } from 'lucide-react'
import { FileSlot } from '../../../../components/ui/FileSlot'
import { mutate } from '../../../../components/ui/mutate'
import type { BankingInfo } from '../../../../lib/types'
import { BANKING_FIELDS, pick } from '../../schema'
import { useGetBankingInfoQuery, useSaveBankingInfoMutation, useUploadBankReferenceMutation } from '../../verificationApi'
import { BankingForm } from '../forms'
import { StepShell, type StepNav } from './StepShell'

export const REFERENCE_HINT =
  'Optional. A bank reference letter can expedite your verification. It should be on bank letterhead.'

export function BankingStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetBankingInfoQuery(id)
  const [save] = useSaveBankingInfoMutation()
  const [upload, { isLoading: uploading }] = useUploadBankReferenceMutation()

  async function uploadReference(file: File) {
    await mutate(upload({ id, file }), { done: { title: 'Bank reference uploaded', description: file.name }, failed: 'Failed to upload bank reference' })
  }

  const hasReference = data?.referenceFileId != null
  return (
    <StepShell
      step={3}
      title="Banking Details"
      description="The account you will use to receive or make payments for trades."
      icon={<Landmark className="h-5 w-5" aria-hidden />}
      loading={isLoading}
    >
      <BankingForm
        initialValues={pick(BANKING_FIELDS, data)}
        onPrevious={previous}
        onSkip={next}
        extra={
          <div>
            <FileSlot
              label="Bank Reference Letter"
              description={data ? REFERENCE_HINT : `${REFERENCE_HINT} Save your banking details first to attach it.`}
              files={hasReference ? [{ id: data!.referenceFileId!, name: 'Bank reference letter', url: data!.referenceUrl }] : []}
              uploading={uploading}
              disabled={!data}
              onUpload={uploadReference}
              allowMore
            />
          </div>
        }
        onSubmit={async (values, { setErrors }) => {
          const saving = save({ id, exists: data != null, data: { ...(values as BankingInfo), referenceFileId: data?.referenceFileId ?? null } })
          const r = await mutate(saving, { failed: 'Failed to save banking information', setErrors })
          if (r.ok) next()
        }}
      />
    </StepShell>
  )
}
