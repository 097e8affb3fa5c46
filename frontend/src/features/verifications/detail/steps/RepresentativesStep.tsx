import { AlertTriangle, Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../../components/ui/Button'
import { FileSlot } from '../../../../components/ui/FileSlot'
import { uploadFailure } from '../../../../lib/upload'
import { mutate } from '../../../../components/ui/mutate'
import { toast } from '../../../../components/ui/toast-store'
import { useFileUpload } from '../../../../components/ui/useFileUpload'
import { countryName } from '../../../../lib/constants'
import type { Representative, RepresentativeInput } from '../../../../lib/types'
import { pick, REPRESENTATIVE_FIELDS } from '../../schema'
import {
  useAddRepresentativeMutation,
  useDeleteRepresentativeMutation,
  useGetRepresentativesQuery,
  useUpdateRepresentativeMutation,
  useUploadPassportMutation,
} from '../../verificationApi'
import { RepresentativeForm } from '../forms'
import { duplicateWarnings } from './duplicates'
import { PersonCard } from './PersonCard'
import { StepFooter } from './StepFooter'
import { StepShell, type StepNav } from './StepShell'

function RepresentativeCard({
  id,
  rep,
  onEdit,
}: {
  id: number
  rep: Representative
  onEdit: () => void
}) {
  const [del, { isLoading: deleting }] = useDeleteRepresentativeMutation()
  const [send] = useUploadPassportMutation()
  const upload = useFileUpload(
    (file, onProgress) => send({ id, repId: rep.id, file, onProgress }),
    () => ({ failed: (e) => uploadFailure(e, 'Failed to upload passport') }),
  )

  async function remove() {
    await mutate(del({ id, repId: rep.id }), { failed: 'Failed to delete representative' })
  }

  return (
    <PersonCard
      name={rep.fullName}
      testId="representative-card"
      onEdit={onEdit}
      onDelete={remove}
      deleting={deleting}
      details={
        <>
          <p className="text-sm text-slate-600">{rep.position}</p>
          <p className="mt-1 text-sm text-slate-500">
            {rep.email} · {rep.phoneNumber} · {countryName(rep.nationality)}
          </p>
        </>
      }
    >
      <FileSlot
        label={`Passport / ID of ${rep.fullName}`}
        description="A clear copy of the photo page."
        files={rep.passportFileId != null ? [{ id: rep.passportFileId, name: 'Passport / ID document', url: rep.documentUrl }] : []}
        upload={upload}
        allowMore
      />
    </PersonCard>
  )
}

export function RepresentativesStep({ id, next, previous }: { id: number } & StepNav) {
  const { data, isLoading } = useGetRepresentativesQuery(id)
  const [add] = useAddRepresentativeMutation()
  const [update] = useUpdateRepresentativeMutation()
  const [editing, setEditing] = useState<Representative | 'new' | null>(null)
  const reps = data ?? []
  const showForm = reps.length === 0 || editing !== null
  const current = editing !== null && editing !== 'new' ? editing : null
  const duplicates = duplicateWarnings(reps)

  function continueStep() {
    if (reps.length === 0) {
      toast({
        title: 'No representatives added',
        description: 'Please add at least one company representative before continuing.',
        variant: 'destructive',
      })
      return
    }
    next()
  }

  return (
    <StepShell
      step={2}
      title="Representatives"
      description="Directors, officers and anyone authorised to sign for the company. Add at least one."
      icon={<Users className="h-5 w-5" aria-hidden />}
      loading={isLoading}
    >
      {duplicates.length > 0 && (
        <div role="alert" className="mb-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            {duplicates.map((d) => (
              <p key={d}>{d}</p>
            ))}
          </div>
        </div>
      )}
      {reps.length > 0 && (
        <ul className="space-y-4" aria-label="Representatives">
          {reps.map((r) => (
            <RepresentativeCard key={r.id} id={id} rep={r} onEdit={() => setEditing(r)} />
          ))}
        </ul>
      )}

      {showForm ? (
        <div className={reps.length > 0 ? 'mt-6 rounded-xl border border-brand-200 bg-brand-50/30 p-5' : ''}>
          <h3 className="mb-4 text-sm font-semibold text-slate-900">
            {current ? `Edit ${current.fullName}` : reps.length > 0 ? 'Add another representative' : 'Add a representative'}
          </h3>
          <RepresentativeForm
            key={current ? current.id : 'new'}
            initialValues={pick(REPRESENTATIVE_FIELDS, current)}
            submitLabel={current ? 'Update Representative' : 'Save Representative'}
            onCancel={reps.length > 0 ? () => setEditing(null) : undefined}
            onSubmit={async (values, { setErrors, resetForm }) => {
              const data = values as RepresentativeInput
              const r = await mutate(current ? update({ id, repId: current.id, data }) : add({ id, data }), {
                failed: current ? 'Failed to update representative' : 'Failed to add representative',
                setErrors,
              })
              if (!r.ok) return
              setEditing(null)
              resetForm()
            }}
          />
          {reps.length === 0 && <p className="mt-3 text-xs text-slate-500">After saving you can upload the representative's passport or ID.</p>}
        </div>
      ) : (
        <Button variant="outline" className="mt-4" onClick={() => setEditing('new')} icon={<Plus className="h-4 w-4" aria-hidden />}>
          Add Another
        </Button>
      )}

      <StepFooter onPrevious={previous} onSubmit={continueStep} />
    </StepShell>
  )
}
