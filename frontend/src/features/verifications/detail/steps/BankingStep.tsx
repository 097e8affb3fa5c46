import { Landmark } from 'lucide-react'
import { FileSlot } from '../../../../components/ui/FileSlot'
import { toast } from '../../../../components/ui/toast-store'
import { errorMessage, fieldErrors, serverMessage } from '../../../../lib/errors'
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
    try {
      await upload({ id, file }).unwrap()
      toast({ title: 'Bank reference uploaded', description: file.name })
    } catch (e) {
      toast({ title: 'Failed to upload bank reference', description: serverMessage(e) ?? errorMessage(e), variant: 'destructive' })
    }
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
          try {
            await save({
              id,
              exists: data != null,
              data: { ...(values as BankingInfo), referenceFileId: data?.referenceFileId ?? null },
            }).unwrap()
            next()
          } catch (e) {
            const fe = fieldErrors(e)
            if (fe) setErrors(fe)
            toast({ title: 'Failed to save banking information', description: errorMessage(e), variant: 'destructive' })
          }
        }}
      />
    </StepShell>
  )
}
