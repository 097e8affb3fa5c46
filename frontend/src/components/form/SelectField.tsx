import { cn } from '../../lib/cn'
import { SelectControl, type SelectOption } from '../ui/Select'
import { type BaseProps, controlAria, FieldMessages, fieldId, inputClass, Label, useFieldState } from './fields'

// SelectField has a file of its own so that forms without a select (sign-in, payment) do not load
// the select's popup and positioning libraries.

export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = 'Select…',
}: BaseProps & { options: readonly SelectOption[]; placeholder?: string }) {
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
          ...controlAria(id, error, hint, required),
          onBlur: field.onBlur,
          name,
          className: cn(inputClass, 'flex items-center justify-between text-left data-[placeholder]:text-slate-500'),
        }}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  )
}
