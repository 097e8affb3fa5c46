import * as RT from '@radix-ui/react-tooltip'
import type { ReactElement, ReactNode } from 'react'

/** TooltipProvider carries the spec's timings: open after 700 ms, skip delay 300 ms. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RT.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </RT.Provider>
  )
}

export function Tooltip({ content, children, side = 'top' }: { content: ReactNode; children: ReactElement; side?: RT.TooltipContentProps['side'] }) {
  return (
    <RT.Root>
      <RT.Trigger asChild>{children}</RT.Trigger>
      <RT.Portal>
        <RT.Content side={side} sideOffset={6} className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg">
          {content}
          <RT.Arrow className="fill-slate-900" />
        </RT.Content>
      </RT.Portal>
    </RT.Root>
  )
}
