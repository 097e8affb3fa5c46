import { useRef, useState } from 'react'
import { isApiError } from '../../lib/errors'
import { CONNECTION_LOST, type UploadProgress } from '../../lib/xhrUpload'
import { mutate, type MutateOptions } from './mutate'

/** PROGRESS_ABOVE is the size over which an upload shows its progress, can be cancelled and retried. */
export const PROGRESS_ABOVE = 1024 * 1024

/** UploadCall is an upload mutation's trigger result: RTK Query's, which can be awaited and aborted. */
export interface UploadCall {
  unwrap: () => Promise<unknown>
  abort: () => void
}

export type UploadState =
  | { phase: 'idle' }
  /** sending: the file is on its way; `progress` is known for files over PROGRESS_ABOVE only. */
  | { phase: 'sending'; file: File; progress?: UploadProgress }
  /** dropped: the connection failed before an answer came; the same file can be sent again. */
  | { phase: 'dropped'; file: File }

export interface FileUpload {
  state: UploadState
  start: (file: File) => void
  cancel: () => void
  retry: () => void
  dismiss: () => void
}

function connectionLost(error: unknown): boolean {
  return isApiError(error) && error.status === CONNECTION_LOST
}

/**
 * useFileUpload runs one upload slot's uploads through `send` (an upload mutation's trigger). A file
 * up to PROGRESS_ABOVE goes as it always did, its failures told by a toast. A larger file reports its
 * progress, can be cancelled (the request is aborted, nothing is told) and, when the connection
 * drops, waits in the `dropped` state for a retry of the same file; the server's refusals are still
 * toasts. `opts` gives the toasts of mutate for a file.
 */
export function useFileUpload(send: (file: File, onProgress?: (p: UploadProgress) => void) => UploadCall, opts: (file: File) => MutateOptions<unknown>): FileUpload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' })
  const current = useRef<{ call: UploadCall; cancelled: boolean } | null>(null)

  async function start(file: File) {
    const large = file.size > PROGRESS_ABOVE
    setState({ phase: 'sending', file, progress: large ? { loaded: 0, total: file.size } : undefined })
    const onProgress = large ? (progress: UploadProgress) => setState((s) => (s.phase === 'sending' && s.file === file ? { ...s, progress } : s)) : undefined
    const sending = { call: send(file, onProgress), cancelled: false }
    current.current = sending
    const r = await mutate(sending.call, { ...opts(file), quiet: (e) => sending.cancelled || (large && connectionLost(e)) })
    if (current.current === sending) current.current = null
    setState(!r.ok && !sending.cancelled && large && connectionLost(r.error) ? { phase: 'dropped', file } : { phase: 'idle' })
  }

  return {
    state,
    start: (file) => void start(file),
    cancel: () => {
      if (!current.current) return
      current.current.cancelled = true
      current.current.call.abort()
    },
    retry: () => {
      if (state.phase === 'dropped') void start(state.file)
    },
    dismiss: () => setState({ phase: 'idle' }),
  }
}
