import { useCallback, useSyncExternalStore } from 'react'

/** TABLE_FROM is Tailwind's md breakpoint (48rem, 768 px): from there on lists are tables unless they say otherwise. */
export const TABLE_FROM = '48rem'

function wide(from: string): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(`(min-width: ${from})`) : undefined
}

/**
 * useCardLayout tells whether the screen is narrower than `tableFrom` (768 px unless given), where a
 * list shows one card per row instead of a table; it follows the window as it is resized or turned.
 * A list whose columns need more room passes a larger width. Without matchMedia (jsdom) the screen
 * counts as wide.
 */
export function useCardLayout(tableFrom: string = TABLE_FROM): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const m = wide(tableFrom)
      m?.addEventListener('change', changed)
      return () => m?.removeEventListener('change', changed)
    },
    [tableFrom],
  )
  return useSyncExternalStore(subscribe, () => wide(tableFrom)?.matches === false)
}
