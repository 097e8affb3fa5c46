import { Landmark } from 'lucide-react'
import { FileSlot, type SlotFile } from '../../../../components/ui/FileSlot'
import { uploadFailure } from '../../../../lib/upload'
import { mutate } from '../../../../components/ui/mutate'
import { useFileUpload } from '../../../../components/ui/useFileUpload'
import type { BankingInfo } from '../../../../lib/types'
import { BANKING_FIELDS, pick } from '../../schema'
import {
  useGetBankingInfoQuery,
  useGetDocumentsQuery,
  useGetOwnershipQuery,
  useGetRepresentativesQuery,
  useGetVerificationQuery,
  useSaveBankingInfoMutation,
  useUploadBankReferenceMutation,
} from '../../verificationApi'
import { BankingForm } from '../forms'
import { OwnershipPart } from './OwnershipPart'
import { StepFooter } from './StepFooter'
import { StepShell, type StepNav } from './StepShell'

const BANKING_FORM = 'banking-form'

export const REFERENCE_HINT =
  'Optional. A bank reference letter can expedite your verification. It should be on bank letterhead.'

export function BankingStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetBankingInfoQuery(id)
  const [save] = useSaveBankingInfoMutation()
  const [send] = useUploadBankReferenceMutation()
  const upload = useFileUpload(
    (file, onProgress) => send({ id, file, onProgress }),
    (file) => ({ done: { title: 'Bank reference uploaded', description: file.name }, failed: (e) => uploadFailure(e, 'Failed to upload bank reference') }),
  )
  // Before the section's first save a letter is already on file as a document and is linked on save.
  const docs = useGetDocumentsQuery(id, { skip: data != null || isLoading }).data
  // The Top tier's third step is its Enhanced Due Diligence: banking and beneficial ownership.
  const top = useGetVerificationQuery(id).data?.tier === 'top'
  const ownership = useGetOwnershipQuery(id, { skip: !top })
  const reps = useGetRepresentativesQuery(id, { skip: !top }).data ?? []

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
      description={
        top
          ? 'The account you will use to receive or make payments for trades, and who owns or controls the company.'
          : 'The account you will use to receive or make payments for trades.'
      }
      icon={<Landmark className="h-5 w-5" aria-hidden />}
      loading={isLoading || (top && ownership.isLoading)}
    >
      <BankingForm
        initialValues={pick(BANKING_FIELDS, data)}
        onPrevious={previous}
        onSkip={next}
        formId={top ? BANKING_FORM : undefined}
        extra={
          <div>
            <FileSlot
              label="Bank Reference Letter"
              description={data ? REFERENCE_HINT : `${REFERENCE_HINT} It is attached to your banking details when you save them.`}
              files={letter ? [letter] : []}
              upload={upload}
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
      {top && ownership.data && (
        <>
          <OwnershipPart id={id} ownership={ownership.data} reps={reps} />
          <StepFooter form={BANKING_FORM} onPrevious={previous} onSkip={next} />
        </>
      )}
    </StepShell>
  )
}
