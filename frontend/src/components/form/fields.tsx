import * as RCheckbox from '@radix-ui/react-checkbox'
import { useField, useFormikContext } from 'formik'
import { Check } from 'lucide-react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { SelectControl, type SelectOption } from '../ui/Select'

export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30'

function fieldId(name: string) {
  return `field-${name}`
}

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
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

function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
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
function useFieldState(name: string) {
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

interface BaseProps {
  name: string
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
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClass}
        {...rest}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}

export function TextAreaField({ name, label, required, hint, className, rows = 4, placeholder }: BaseProps & { rows?: number; placeholder?: string }) {
  const { field, error } = useFieldState(name)
  const id = fieldId(name)
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
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClass}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}

export type Option = SelectOption

export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = 'Select…',
}: BaseProps & { options: readonly Option[]; placeholder?: string }) {
  const { field, helpers, error } = useFieldState(name)
  const id = fieldId(name)
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <SelectControl
        value={field.value ?? ''}
        onValueChange={(v) => {
          void helpers.setValue(v)
        }}
        onOpenChange={(open) => {
          if (!open) void helpers.setTouched(true, false)
        }}
        options={options}
        placeholder={placeholder}
        trigger={{
          id,
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
          onBlur: field.onBlur,
          name,
          className: cn(inputClass, 'flex items-center justify-between text-left data-[placeholder]:text-slate-500'),
        }}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}

/** Checkbox is a labelled Radix checkbox, not bound to Formik. */
export function Checkbox({
  id,
  checked,
  onCheckedChange,
  children,
  className,
}: {
  id: string
  checked: boolean
  onCheckedChange: (v: boolean) => void
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <RCheckbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
      >
        <RCheckbox.Indicator>
          <Check className="h-3.5 w-3.5 text-white" aria-hidden />
        </RCheckbox.Indicator>
      </RCheckbox.Root>
      <label htmlFor={id} className="text-sm leading-5 text-slate-700">
        {children}
      </label>
    </div>
  )
}
