import * as RSelect from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import { useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react'
import { cn } from '../../lib/cn'
import { useLandmarkContainer } from './landmark'

export interface SelectOption {
  value: string
  label: string
}

/**
 * SelectControl is the one Radix select of the app: a trigger showing the value (or `placeholder`)
 * and a list of options. `Select` (filters) and the Formik `SelectField` dress it.
 */
/**
 * useKeepPageVisible undoes what an open Radix select does to the rest of the page: it marks every
 * other element aria-hidden, the whole app with it, while its buttons and links stay focusable, and
 * the page then has no main landmark and no heading for assistive technology. The list is a popup of
 * its trigger, as a native select's is; the page around it stays as it was. What was hidden before
 * the list opened (the page behind a dialog) stays hidden.
 */
function useKeepPageVisible() {
  const [open, setOpen] = useState(false)
  const hiddenBefore = useRef(new Set<Element>())
  useEffect(() => {
    if (!open) return
    const reveal = () =>
      document.querySelectorAll('[data-aria-hidden][aria-hidden="true"]').forEach((el) => {
        if (!hiddenBefore.current.has(el)) el.removeAttribute('aria-hidden')
      })
    reveal()
    const watch = new MutationObserver(reveal)
    watch.observe(document.body, { subtree: true, attributeFilter: ['aria-hidden'] })
    return () => watch.disconnect()
  }, [open])
  return (next: boolean) => {
    if (next) hiddenBefore.current = new Set(document.querySelectorAll('[aria-hidden="true"]'))
    setOpen(next)
  }
}

export function SelectControl({
  value,
  onValueChange,
  onOpenChange,
  options,
  placeholder,
  trigger,
}: {
  value: string
  onValueChange: (v: string) => void
  onOpenChange?: (open: boolean) => void
  options: readonly SelectOption[]
  placeholder?: string
  /** trigger holds the trigger button's id, class and ARIA attributes. */
  trigger: ComponentPropsWithoutRef<typeof RSelect.Trigger>
}) {
  const keepPageVisible = useKeepPageVisible()
  const [triggerRef, container] = useLandmarkContainer()
  return (
    <RSelect.Root
      value={value}
      onValueChange={onValueChange}
      onOpenChange={(open) => {
        keepPageVisible(open)
        onOpenChange?.(open)
      }}
    >
      <RSelect.Trigger {...trigger} ref={triggerRef}>
        <RSelect.Value placeholder={placeholder} />
        <RSelect.Icon>
          <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
        </RSelect.Icon>
      </RSelect.Trigger>
      <RSelect.Portal container={container}>
        <RSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] max-w-[min(36rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <RSelect.Viewport className="p-1">
            {options.map((o) => (
              <RSelect.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-pointer select-none items-center rounded-md py-2 pl-8 pr-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
              >
                <RSelect.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4" aria-hidden />
                </RSelect.ItemIndicator>
                <RSelect.ItemText>{o.label}</RSelect.ItemText>
              </RSelect.Item>
            ))}
          </RSelect.Viewport>
        </RSelect.Content>
      </RSelect.Portal>
    </RSelect.Root>
  )
}

/** Select is a labelled select for filters and other controls outside Formik. */
export function Select({
  id,
  label,
  value,
  onValueChange,
  options,
  className,
}: {
  id: string
  label: string
  value: string
  onValueChange: (v: string) => void
  options: readonly SelectOption[]
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <SelectControl
        value={value}
        onValueChange={onValueChange}
        options={options}
        trigger={{
          id,
          className: cn(
            'flex h-9 w-full min-w-40 items-center justify-between gap-2 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-800 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
          ),
        }}
      />
    </div>
  )
}
