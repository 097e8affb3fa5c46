import { useSyncExternalStore } from 'react'

/** WIDE is Tailwind's md breakpoint (48rem, 768 px): from there on lists are tables. */
const WIDE = '(min-width: 48rem)'

function wide(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : undefined
}

function subscribe(changed: () => void): () => void {
  const m = wide()
  m?.addEventListener('change', changed)
  return () => m?.removeEventListener('change', changed)
}

/**
 * useCardLayout tells whether the screen is narrower than 768 px, where a list shows one card per
 * row instead of a table; it follows the window as it is resized or turned. Without matchMedia
 * (jsdom) the screen counts as wide.
 */
export function useCardLayout(): boolean {
  return useSyncExternalStore(subscribe, () => wide()?.matches === false)
}
