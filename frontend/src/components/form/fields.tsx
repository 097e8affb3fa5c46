import * as RCheckbox from '@radix-ui/react-checkbox'
import { useField, useFormikContext } from 'formik'
import { Check } from 'lucide-react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { cn } from '../../lib/cn'
import type { SelectOption } from '../ui/Select'

export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30'

export function fieldId(name: string) {
  return `field-${name}`
}

export function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
      {children}
      {required && (
        <span className="ml-0.5 text-red-700" aria-hidden>
          *
        </span>
      )}
    </label>
  )
}

/** controlAria ties a control to its error or hint line (FieldMessages) and marks it invalid or required. */
export function controlAria(id: string, error: string | undefined, hint: ReactNode, required: boolean | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  }
}

export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </>
  )
}

/**
 * useFieldState decides when a field shows its error: after the user changed it and left it, or
 * after a submit. Tabbing through an empty form shows nothing, and no error line appears (moving the
 * buttons below) between pressing and releasing a submit button on a form nobody has typed in.
 */
export function useFieldState(name: string) {
  const [field, meta, helpers] = useField<string>(name)
  const { submitCount } = useFormikContext()
  const changed = (field.value ?? '') !== (meta.initialValue ?? '')
  const error = meta.touched && meta.error && (submitCount > 0 || changed) ? meta.error : undefined
  return { field, meta, helpers, error }
}

/** FormStatus shows a form's failure (Formik's status: a wrong password, a declined card) at the form, above its buttons. */
export function FormStatus() {
  const { status } = useFormikContext()
  if (typeof status !== 'string' || status === '') return null
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
      {status}
    </p>
  )
}

export interface BaseProps {
  name: string
  /** id is the control's id; give one when a page has several forms with the same field name. */
  id?: string
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  className?: string
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  type = 'text',
  ...rest
}: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'required'>) {
  const { field, error } = useFieldState(name)
  const id = fieldId(name)
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        type={type}
        {...field}
        value={field.value ?? ''}
        {...controlAria(id, error, hint, required)}
        className={inputClass}
        {...rest}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}

export function TextAreaField({ name, id: givenId, label, required, hint, className, rows = 4, placeholder }: BaseProps & { rows?: number; placeholder?: string }) {
  const { field, error } = useFieldState(name)
  const id = givenId ?? fieldId(name)
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <textarea
        id={id}
        rows={rows}
        {...field}
        value={field.value ?? ''}
        placeholder={placeholder}
        {...controlAria(id, error, hint, required)}
        className={inputClass}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}

/**
 * RadioGroupField is a required choice among a few options, as native radio buttons in a fieldset
 * whose legend is the label; each option may carry a hint.
 */
export function RadioGroupField({
  name,
  id: givenId,
  label,
  required,
  className,
  options,
}: BaseProps & { options: readonly (SelectOption & { hint?: string })[] }) {
  const { field, error } = useFieldState(name)
  const id = givenId ?? fieldId(name)
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            htmlFor={`${id}-${o.value}`}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              id={`${id}-${o.value}`}
              type="radio"
              name={field.name}
              value={o.value}
              checked={field.value === o.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700 focus:outline-none"
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{o.label}</span>
              {o.hint && (
                <span id={`${id}-${o.value}-hint`} className="mt-0.5 block text-xs text-slate-500">
                  {o.hint}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  )
}

/** Checkbox is a labelled Radix checkbox, not bound to Formik. */
export function Checkbox({
  id,
  checked,
  onCheckedChange,
  children,
  className,
  error,
}: {
  id: string
  checked: boolean
  onCheckedChange: (v: boolean) => void
  children: ReactNode
  className?: string
  /** error is shown under the box, which is then marked invalid. */
  error?: string
}) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <RCheckbox.Root
          id={id}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onCheckedChange={(v) => onCheckedChange(v === true)}
          className={cn(
            'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700',
            error ? 'border-red-600' : 'border-slate-400',
          )}
        >
          <RCheckbox.Indicator>
            <Check className="h-3.5 w-3.5 text-white" aria-hidden />
          </RCheckbox.Indicator>
        </RCheckbox.Root>
        <label htmlFor={id} className="text-sm leading-5 text-slate-700">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="ml-8 mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
