import { AlertTriangle, FileText, Send } from 'lucide-react'
import { useState } from 'react'
import { Checkbox } from '../../../../components/form/fields'
import { FileSlot, type SlotFile } from '../../../../components/ui/FileSlot'
import { uploadFailure } from '../../../../lib/upload'
import { mutate } from '../../../../components/ui/mutate'
import { toast } from '../../../../components/ui/toast-store'
import { useFileUpload } from '../../../../components/ui/useFileUpload'
import { documentTypeLabel, hasRequiredDocuments } from '../../../../lib/constants'
import type { DocumentType, VerificationDocument } from '../../../../lib/types'
import { useDeleteDocumentMutation, useGetDocumentsQuery, useUploadDocumentMutation } from '../../verificationApi'
import { StepFooter } from './StepFooter'
import { StepShell } from './StepShell'

export const DOCUMENT_SLOTS: { type: DocumentType; required: boolean; description: string }[] = [
  { type: 'incorporation_certificate', required: true, description: 'Issued by the company registry of your country of incorporation.' },
  { type: 'business_license', required: true, description: 'Trading or business licence currently in force.' },
  { type: 'shareholder_info', required: true, description: 'Register of shareholders or ultimate beneficial owners.' },
  { type: 'company_profile', required: false, description: 'Brochure or profile describing your business.' },
  { type: 'additional', required: false, description: 'Anything else that supports your application.' },
]


/** submitProblem returns the toast that blocks submission, or null when the documents step may submit. */
export function submitProblem(declared: boolean, docs: Pick<VerificationDocument, 'type'>[]): { title: string; description: string } | null {
  if (!declared) {
    return { title: 'Declaration required', description: 'Please accept the declaration of authenticity before submitting.' }
  }
  if (!hasRequiredDocuments(docs)) {
    return { title: 'Required documents missing', description: 'Please upload all required documents before submitting.' }
  }
  return null
}

/** DECLARATION_MISSING is the declaration's open point, beside the box and in the list. */
export const DECLARATION_MISSING = 'Accept the declaration of authenticity'

/** missingSlotText is an empty required slot's open point. */
export const missingSlotText = (type: DocumentType) => `Upload the ${documentTypeLabel(type)}`

/** openPoints lists everything that blocks submission at once: each empty required slot, then the declaration. */
export function openPoints(declared: boolean, docs: Pick<VerificationDocument, 'type'>[]): string[] {
  const missing = DOCUMENT_SLOTS.filter((s) => s.required && !docs.some((d) => d.type === s.type)).map((s) => missingSlotText(s.type))
  return declared ? missing : [...missing, DECLARATION_MISSING]
}

function Slot({
  id,
  type,
  required,
  description,
  docs,
  error,
}: {
  id: number
  type: DocumentType
  required: boolean
  description: string
  docs: VerificationDocument[]
  error?: string
}) {
  const [send] = useUploadDocumentMutation()
  const upload = useFileUpload(
    (file, onProgress) => send({ id, type, file, onProgress }),
    (file) => ({ done: { title: 'Document uploaded', description: file.name }, failed: (e) => uploadFailure(e, 'Failed to upload document') }),
  )
  const [del] = useDeleteDocumentMutation()
  const [deletingId, setDeletingId] = useState<number | null>(null)

  async function onDelete(f: SlotFile) {
    setDeletingId(f.id)
    await mutate(del({ id, docId: f.id }), { done: { title: 'Document deleted' }, failed: 'Failed to delete document' })
    setDeletingId(null)
  }

  return (
    <FileSlot
      label={documentTypeLabel(type)}
      description={description}
      required={required}
      files={docs.map((d) => ({ id: d.id, name: d.originalFilename || d.filename, size: d.size, url: d.url }))}
      upload={upload}
      onDelete={onDelete}
      deletingId={deletingId}
      allowMore={type === 'additional'}
      error={error}
    />
  )
}

export function DocumentsStep({
  id,
  previous,
  onSubmit,
  submitting,
}: {
  id: number
  previous?: () => void
  onSubmit: () => void
  submitting: boolean
}) {
  const { data, isLoading } = useGetDocumentsQuery(id)
  const [declared, setDeclared] = useState(false)
  // Once Submit was tried, every open point is marked where it is and listed by the button; each
  // mark goes as soon as its point is settled.
  const [tried, setTried] = useState(false)
  const docs = data ?? []
  const open = tried ? openPoints(declared, docs) : []

  function submit() {
    const problem = submitProblem(declared, docs)
    setTried(true)
    if (problem) {
      toast({ ...problem, variant: 'destructive' })
      return
    }
    onSubmit()
  }

  return (
    <StepShell
      step={5}
      title="Documents"
      description="Upload clear scans or photos. PDF, JPG or PNG, up to 30MB each."
      icon={<FileText className="h-5 w-5" aria-hidden />}
      loading={isLoading}
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {DOCUMENT_SLOTS.map((s) => (
          <Slot
            key={s.type}
            id={id}
            {...s}
            docs={docs.filter((d) => d.type === s.type)}
            error={open.includes(missingSlotText(s.type)) ? 'This document is required' : undefined}
          />
        ))}
      </div>

      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h3 className="text-sm font-semibold text-slate-900">Declaration of Authenticity</h3>
        <Checkbox
          id="declaration"
          checked={declared}
          onCheckedChange={setDeclared}
          className="mt-3"
          error={open.includes(DECLARATION_MISSING) ? 'Please accept the declaration to submit' : undefined}
        >
          I declare that the information and documents provided are true, complete and authentic, and that I am authorised to submit them on behalf of
          the company.
        </Checkbox>
      </div>

      {open.length > 0 && (
        <div role="alert" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="open-points">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden /> Before you can submit:
          </p>
          <ul className="ml-6 mt-2 list-disc space-y-1">
            {open.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <StepFooter onPrevious={previous} onSubmit={submit} loading={submitting} submitLabel="Submit Verification" icon={<Send className="h-4 w-4" aria-hidden />} />
    </StepShell>
  )
}
