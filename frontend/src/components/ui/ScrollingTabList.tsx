import * as Tabs from '@radix-ui/react-tabs'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { cn } from '../../lib/cn'

/**
 * ScrollingTabList is a row of tabs that scrolls sideways when it is wider than the screen (a phone).
 * A fade on either edge shows that more tabs lie that way, and the active tab (`active`, its value) is
 * scrolled into view whenever it changes, so that "Documents" is not chosen off-screen.
 */
export function ScrollingTabList({ label, active, className, children }: { label: string; active: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [more, setMore] = useState({ before: false, after: false })

  const measure = useCallback(() => {
    const el = ref.current
    if (!el) return
    const before = el.scrollLeft > 1
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }))
  }, [])

  useEffect(() => {
    const el = ref.current
    if (!el) return
    measure()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined
    observer?.observe(el)
    return () => observer?.disconnect()
  }, [measure])

  useEffect(() => {
    const el = ref.current
    const tab = el?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
    if (!el || !tab) return
    // Only the list scrolls: scrollIntoView would move the page too.
    const left = tab.offsetLeft - el.offsetLeft
    if (left < el.scrollLeft) el.scrollLeft = left - 16
    else if (left + tab.offsetWidth > el.scrollLeft + el.clientWidth) el.scrollLeft = left + tab.offsetWidth - el.clientWidth + 16
    measure()
  }, [active, measure])

  const fade = 'pointer-events-none absolute inset-y-0 z-10 w-10 from-slate-50 to-transparent transition-opacity'
  return (
    <div className={cn('relative', className)}>
      <Tabs.List ref={ref} aria-label={label} onScroll={measure} className="flex max-w-full gap-1 overflow-x-auto border-b border-slate-200">
        {children}
      </Tabs.List>
      <div className={cn(fade, 'left-0 bg-gradient-to-r', more.before ? 'opacity-100' : 'opacity-0')} data-testid="tabs-more-before" data-shown={more.before} aria-hidden />
      <div className={cn(fade, 'right-0 bg-gradient-to-l', more.after ? 'opacity-100' : 'opacity-0')} data-testid="tabs-more-after" data-shown={more.after} aria-hidden />
    </div>
  )
}
