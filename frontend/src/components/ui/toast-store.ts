export interface ToastInput {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}

export interface ToastItem extends ToastInput {
  id: number
}

type Listener = () => void

let current: ToastItem | null = null
let nextId = 1
const listeners = new Set<Listener>()

function emit() {
  for (const l of listeners) l()
}

/** toast shows a message; at most one toast is visible, so a new one replaces the old (spec 9). */
export function toast(t: ToastInput): void {
  current = { ...t, id: nextId++ }
  emit()
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null
    emit()
  }
}

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

export function currentToast(): ToastItem | null {
  return current
}
