import { Form, Formik, useField, useFormikContext } from 'formik'
import { Plus, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { SelectField } from '../../../../components/form/SelectField'
import { FieldMessages, TextField, fieldId } from '../../../../components/form/fields'
import { Button } from '../../../../components/ui/Button'
import { FileSlot } from '../../../../components/ui/FileSlot'
import { mutate } from '../../../../components/ui/mutate'
import { useFileUpload } from '../../../../components/ui/useFileUpload'
import { controlLabels } from '../../../../components/sections'
import { CONTROLS, COUNTRIES, countryName } from '../../../../lib/constants'
import type { BeneficialOwner, BeneficialOwnerInput, Ownership, Representative } from '../../../../lib/types'
import { uploadFailure } from '../../../../lib/upload'
import { declarationSchema, ownerSchema, type DeclarationValues, type OwnerValues } from '../../schema'
import {
  useAddOwnerMutation,
  useDeclareNoOwnersMutation,
  useDeleteOwnerMutation,
  useUpdateOwnerMutation,
  useUploadOwnerDocumentMutation,
  useWithdrawDeclarationMutation,
} from '../../verificationApi'
import { ListFormButtons } from '../forms'
import { PersonCard } from './PersonCard'

/** ControlsField is the natures of control as checkboxes: one or more. */
function ControlsField() {
  const [field, meta] = useField<string[]>('natureOfControl')
  const { submitCount } = useFormikContext()
  const id = fieldId('natureOfControl')
  const error = submitCount > 0 || meta.touched ? meta.error : undefined
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">
        Nature of Control
        <span className="ml-0.5 text-red-700" aria-hidden>
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CONTROLS.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="checkbox"
              name="natureOfControl"
              value={c.value}
              checked={(field.value ?? []).includes(c.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <span className="font-medium text-slate-900">{c.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} hint="Shares and voting rights are holdings; the others are control without one." />
    </fieldset>
  )
}

function OtherControlField() {
  const { values } = useFormikContext<OwnerValues>()
  if (!values.natureOfControl.includes('other')) return null
  return <TextField name="controlText" label="Describe the Other Control" required className="sm:col-span-2" placeholder="e.g. veto over dividends under a shareholder agreement" />
}

const emptyOwner = { fullName: '', dateOfBirth: '', nationality: '', countryOfResidence: '', ownershipPercentage: '', natureOfControl: [] as string[], controlText: '' }

function ownerValues(o: BeneficialOwner | null): OwnerValues {
  if (!o) return { ...emptyOwner, natureOfControl: [] }
  return { ...o, ownershipPercentage: String(o.ownershipPercentage), natureOfControl: [...o.natureOfControl] }
}

/** OwnerForm adds or edits one beneficial owner. */
export function OwnerForm({
  id,
  threshold,
  owner,
  onSaved,
  onCancel,
}: {
  id: number
  threshold: number
  owner: BeneficialOwner | null
  onSaved?: () => void
  onCancel?: () => void
}) {
  const [add] = useAddOwnerMutation()
  const [update] = useUpdateOwnerMutation()
  return (
    <Formik<OwnerValues>
      initialValues={ownerValues(owner)}
      validationSchema={ownerSchema(threshold)}
      onSubmit={async (values, { setErrors, resetForm }) => {
        const data: BeneficialOwnerInput = {
          ...values,
          ownershipPercentage: Number(values.ownershipPercentage),
          natureOfControl: values.natureOfControl as BeneficialOwnerInput['natureOfControl'],
          controlText: values.controlText ?? '',
        }
        const r = await mutate(owner ? update({ id, ownerId: owner.id, data }) : add({ id, data }), {
          failed: owner ? 'Failed to update beneficial owner' : 'Failed to add beneficial owner',
          setErrors,
        })
        if (!r.ok) return
        resetForm()
        onSaved?.()
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Beneficial Owner">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="fullName" label="Full Name" required autoComplete="off" />
            <TextField name="dateOfBirth" label="Date of Birth" required type="date" />
            <SelectField name="nationality" label="Nationality" required options={COUNTRIES} placeholder="Select a country" />
            <SelectField name="countryOfResidence" label="Country of Residence" required options={COUNTRIES} placeholder="Select a country" />
            <TextField
              name="ownershipPercentage"
              label="Ownership (%)"
              required
              inputMode="decimal"
              placeholder="e.g. 40"
              hint={`Shares or voting rights held, at least ${threshold}% for an owner through them; 0 for control without a holding.`}
            />
            <ControlsField />
            <OtherControlField />
          </div>
          <ListFormButtons onCancel={onCancel} submitLabel={owner ? 'Update Owner' : 'Save Owner'} loading={isSubmitting} />
        </Form>
      )}
    </Formik>
  )
}

function OwnerCard({ id, owner, onEdit }: { id: number; owner: BeneficialOwner; onEdit: () => void }) {
  const [del, { isLoading: deleting }] = useDeleteOwnerMutation()
  const [send] = useUploadOwnerDocumentMutation()
  const upload = useFileUpload(
    (file, onProgress) => send({ id, ownerId: owner.id, file, onProgress }),
    () => ({ failed: (e) => uploadFailure(e, 'Failed to upload identity document') }),
  )
  return (
    <PersonCard
      name={owner.fullName}
      testId="owner-card"
      onEdit={onEdit}
      onDelete={() => mutate(del({ id, ownerId: owner.id }), { failed: 'Failed to delete beneficial owner' })}
      deleting={deleting}
      details={
        <>
          <p className="text-sm text-slate-600">
            {owner.ownershipPercentage}% · {controlLabels(owner)}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {countryName(owner.nationality)} · resident in {countryName(owner.countryOfResidence)}
          </p>
        </>
      }
    >
      <FileSlot
        label={`Identity document of ${owner.fullName}`}
        description="A passport or national identity card: a clear copy of the photo page."
        files={owner.documentFileId != null ? [{ id: owner.documentFileId, name: 'Identity document', url: owner.documentUrl }] : []}
        upload={upload}
        allowMore
      />
    </PersonCard>
  )
}

/** DeclarationForm makes the declaration that nobody reaches the threshold, naming the senior managing official. */
export function DeclarationForm({ id, text, reps }: { id: number; text: string; reps: Representative[] }) {
  const [declare] = useDeclareNoOwnersMutation()
  return (
    <Formik<DeclarationValues>
      initialValues={{ seniorOfficialId: '' }}
      validationSchema={declarationSchema}
      onSubmit={async (values, { setErrors }) => {
        await mutate(declare({ id, seniorOfficialId: Number(values.seniorOfficialId) }), { failed: 'Failed to save the declaration', setErrors })
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Ownership declaration">
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm font-medium text-slate-900">“{text}.”</p>
          <p className="mt-2 text-sm text-slate-600">
            The law then asks for the person who manages the company at the most senior level. Choose that person among your representatives.
          </p>
          <div className="mt-4 grid gap-5 sm:grid-cols-2">
            <SelectField
              name="seniorOfficialId"
              label="Senior Managing Official"
              required
              options={reps.map((r) => ({ value: String(r.id), label: `${r.fullName}, ${r.position}` }))}
              placeholder={reps.length ? 'Select a representative' : 'Add a representative first'}
            />
          </div>
          <div className="mt-6 flex justify-end">
            <Button type="submit" variant="secondary" loading={isSubmitting} className="ring-1 ring-slate-300">
              Make the Declaration
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  )
}

type Mode = 'owners' | 'declaration'

/**
 * OwnershipPart is the Top tier's beneficial ownership, on the Enhanced Due Diligence step below the
 * banking form: the owners, each with an identity document, or the declaration that nobody owns or
 * controls the threshold, naming the senior managing official.
 */
export function OwnershipPart({ id, ownership, reps }: { id: number; ownership: Ownership; reps: Representative[] }) {
  const { owners, declaration, threshold, declarationText } = ownership
  const [mode, setMode] = useState<Mode>(declaration ? 'declaration' : 'owners')
  const [editing, setEditing] = useState<BeneficialOwner | 'new' | null>(null)
  const [withdraw, { isLoading: withdrawing }] = useWithdrawDeclarationMutation()
  const current = editing !== null && editing !== 'new' ? editing : null
  const locked = declaration != null || owners.length > 0 // one path at a time
  const shown: Mode = declaration ? 'declaration' : owners.length > 0 ? 'owners' : mode

  return (
    <section aria-labelledby="ownership-title" className="mt-8 border-t border-slate-100 pt-6" data-testid="ownership-part">
      <h3 id="ownership-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden />
        Beneficial Ownership
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The natural persons who own or control the company: {threshold}% or more of the shares or voting rights, or control in another way. Each
        is screened like your representatives. If nobody reaches {threshold}%, make the declaration instead.
      </p>

      <fieldset className="mt-4">
        <legend className="sr-only">How to answer</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['owners', 'Name the beneficial owners'],
              ['declaration', declarationText],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input
                type="radio"
                name="ownership-mode"
                value={value}
                checked={shown === value}
                disabled={locked && shown !== value}
                onChange={() => setMode(value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="font-medium text-slate-900">{label}</span>
            </label>
          ))}
        </div>
        {locked && (
          <p className="mt-2 text-xs text-slate-500">
            {declaration ? 'Withdraw the declaration to name owners instead.' : 'Remove the owners to make the declaration instead.'}
          </p>
        )}
      </fieldset>

      {shown === 'declaration' ? (
        <div className="mt-5">
          {declaration ? (
            <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-5" data-testid="declaration">
              <p className="text-sm font-medium text-slate-900">“{declaration.text}.”</p>
              <p className="mt-1 text-sm text-slate-700">Senior managing official: {declaration.seniorOfficialName}</p>
              <Button variant="outline" size="sm" className="mt-4" loading={withdrawing} onClick={() => mutate(withdraw(id), { failed: 'Failed to withdraw the declaration' })}>
                Withdraw the Declaration
              </Button>
            </div>
          ) : (
            <DeclarationForm id={id} text={declarationText} reps={reps} />
          )}
        </div>
      ) : (
        <div className="mt-5">
          {owners.length > 0 && (
            <ul className="space-y-4" aria-label="Beneficial owners">
              {owners.map((o) => (
                <OwnerCard key={o.id} id={id} owner={o} onEdit={() => setEditing(o)} />
              ))}
            </ul>
          )}
          {owners.length === 0 || editing !== null ? (
            <div className={owners.length > 0 ? 'mt-6 rounded-xl border border-brand-200 bg-brand-50/30 p-5' : ''}>
              <h4 className="mb-4 text-sm font-semibold text-slate-900">
                {current ? `Edit ${current.fullName}` : owners.length > 0 ? 'Add another beneficial owner' : 'Add a beneficial owner'}
              </h4>
              <OwnerForm
                key={current ? current.id : 'new'}
                id={id}
                threshold={threshold}
                owner={current}
                onSaved={() => setEditing(null)}
                onCancel={owners.length > 0 ? () => setEditing(null) : undefined}
              />
              {owners.length === 0 && <p className="mt-3 text-xs text-slate-500">After saving you can upload the owner's identity document.</p>}
            </div>
          ) : (
            <Button variant="outline" className="mt-4" onClick={() => setEditing('new')} icon={<Plus className="h-4 w-4" aria-hidden />}>
              Add Another Owner
            </Button>
          )}
        </div>
      )}
    </section>
  )
}
