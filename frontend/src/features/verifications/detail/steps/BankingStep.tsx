import { Landmark } from 'lucide-react'
import { FileSlot, type SlotFile } from '../../../../components/ui/FileSlot'
import { uploadFailure } from '../../../../lib/upload'
import { mutate } from '../../../../components/ui/mutate'
import type { BankingInfo } from '../../../../lib/types'
import { BANKING_FIELDS, pick } from '../../schema'
import { useGetBankingInfoQuery, useGetDocumentsQuery, useSaveBankingInfoMutation, useUploadBankReferenceMutation } from '../../verificationApi'
import { BankingForm } from '../forms'
import { StepShell, type StepNav } from './StepShell'

export const REFERENCE_HINT =
  'Optional. A bank reference letter can expedite your verification. It should be on bank letterhead.'

export function BankingStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetBankingInfoQuery(id)
  const [save] = useSaveBankingInfoMutation()
  const [upload, { isLoading: uploading }] = useUploadBankReferenceMutation()
  // Before the section's first save a letter is already on file as a document and is linked on save.
  const docs = useGetDocumentsQuery(id, { skip: data != null || isLoading }).data

  async function uploadReference(file: File) {
    await mutate(upload({ id, file }), { done: { title: 'Bank reference uploaded', description: file.name }, failed: (e) => uploadFailure(e, 'Failed to upload bank reference') })
  }

  const pending = data == null ? docs?.filter((d) => d.type === 'bank_reference').at(-1) : undefined
  const letter: SlotFile | null =
    data?.referenceFileId != null
      ? { id: data.referenceFileId, name: 'Bank reference letter', url: data.referenceUrl }
      : pending
        ? { id: pending.id, name: pending.originalFilename, size: pending.size, url: pending.url }
        : null
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
              description={data ? REFERENCE_HINT : `${REFERENCE_HINT} It is attached to your banking details when you save them.`}
              files={letter ? [letter] : []}
              uploading={uploading}
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
