import { useEffect, useEffectEvent, useState } from 'react'

/** TYPING_MS is how long typing must pause before a text filter asks the server. */
export const TYPING_MS = 300

function same<T extends Record<string, string>>(a: T, b: T): boolean {
  return Object.keys(a).every((k) => a[k] === b[k])
}

/**
 * useTypedFilters holds what is typed in text filters. The inputs show every key at once; `commit`
 * (which writes the address, and so asks the server) hears of it once typing pauses for TYPING_MS.
 * When the applied values change from elsewhere (Clear All Filters, Back) the inputs show them,
 * unless the change is only this hook's own last commit arriving.
 */
export function useTypedFilters<T extends Record<string, string>>(applied: T, commit: (typed: T) => void): [T, (typed: T) => void] {
  const [typed, setTyped] = useState(applied)
  const [seen, setSeen] = useState(applied)
  const [sent, setSent] = useState(applied)
  if (!same(applied, seen)) {
    setSeen(applied)
    if (!same(applied, sent)) setTyped(applied)
  }
  const pending = !same(typed, applied)
  const send = useEffectEvent(() => {
    setSent(typed)
    commit(typed)
  })
  // The timer restarts with each key typed, not with every render of the page (polling, answers).
  useEffect(() => {
    if (!pending) return
    const t = setTimeout(send, TYPING_MS)
    return () => clearTimeout(t)
  }, [typed, pending])
  return [typed, setTyped]
}
