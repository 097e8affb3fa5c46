import { CheckCircle2, Download, FileText, Loader2, RotateCw, Trash2, UploadCloud, WifiOff, X } from 'lucide-react'
import { useId, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { formatBytes } from '../../lib/format'
import { ACCEPT_ATTR, checkUpload } from '../../lib/upload'
import type { UploadProgress } from '../../lib/xhrUpload'
import { Button } from './Button'
import { Progress } from './Progress'
import { toast } from './toast-store'
import type { FileUpload } from './useFileUpload'

export interface SlotFile {
  id: number
  name: string
  size?: number
  url?: string | null
}

export type SlotState = 'empty' | 'uploading' | 'done'

export function slotState(uploading: boolean, files: SlotFile[]): SlotState {
  if (uploading) return 'uploading'
  return files.length > 0 ? 'done' : 'empty'
}

export interface FileSlotProps {
  label: string
  description?: ReactNode
  required?: boolean
  files: SlotFile[]
  /** upload is the slot's useFileUpload. */
  upload: FileUpload
  onDelete?: (file: SlotFile) => void
  deletingId?: number | null
  disabled?: boolean
  /** allowMore keeps the picker visible once a file is on file. */
  allowMore?: boolean
  /** error marks the slot as what blocks the form (a required slot left empty), and says why. */
  error?: string
}

/** ANNOUNCE_EVERY is the step, in percent, at which screen readers hear how far an upload is. */
const ANNOUNCE_EVERY = 25

/**
 * UploadBar shows a large file on its way: bytes and percent, and Cancel until every byte is sent
 * (then the server is storing it, and aborting could no longer promise that nothing is kept).
 */
function UploadBar({ file, progress, onCancel }: { file: File; progress: UploadProgress; onCancel: () => void }) {
  const sent = progress.loaded >= progress.total
  const percent = sent ? 100 : Math.floor((progress.loaded / progress.total) * 100)
  const text = sent ? `${formatBytes(progress.total)} sent, saving…` : `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}, ${percent}%`
  const step = Math.floor(percent / ANNOUNCE_EVERY) * ANNOUNCE_EVERY
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 basis-24 text-sm font-medium [overflow-wrap:anywhere] text-slate-800">{file.name}</p>
        {!sent && (
          <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Cancel upload of ${file.name}`} icon={<X className="h-4 w-4" aria-hidden />}>
            Cancel
          </Button>
        )}
      </div>
      <Progress value={percent} label={`Uploading ${file.name}`} valueText={text} className="mt-2" />
      <p className="mt-1 text-xs tabular-nums text-slate-600" aria-hidden>
        {text}
      </p>
      <p className="sr-only" role="status">
        {sent ? `${file.name} sent, saving` : `Uploading ${file.name}: ${step}%`}
      </p>
    </div>
  )
}

/** DroppedUpload says that the connection failed under an upload and offers to send the same file again. */
function DroppedUpload({ file, onRetry, onDismiss }: { file: File; onRetry: () => void; onDismiss: () => void }) {
  return (
    <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <WifiOff className="h-4 w-4 shrink-0" aria-hidden /> Connection lost
      </p>
      <p className="mt-1 [overflow-wrap:anywhere]">The connection dropped before {file.name} finished uploading. Check your connection, then retry.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onRetry} icon={<RotateCw className="h-4 w-4" aria-hidden />}>
          Retry
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  )
}

/**
 * FileSlot is one upload slot: empty, uploading or done. It applies the client-side checks (30MB;
 * PDF, JPG, PNG) and shows the catalogue's toast when a file fails them. A file over 1 MB shows its
 * progress with Cancel, and Retry when the connection drops (useFileUpload).
 */
export function FileSlot({ label, description, required, files, upload, onDelete, deletingId, disabled, allowMore, error }: FileSlotProps) {
  const inputId = useId()
  const errorId = `${inputId}-error`
  const inputRef = useRef<HTMLInputElement>(null)
  const sending = upload.state.phase === 'sending' ? upload.state : null
  const uploading = sending !== null
  const state = slotState(uploading, files)

  function pick(file: File | undefined) {
    if (!file) return
    const problem = checkUpload(file)
    if (problem) {
      toast({ ...problem, variant: 'destructive' })
      return
    }
    upload.start(file)
  }

  const showPicker = state === 'empty' || (state === 'done' && allowMore)

  return (
    <div
      data-state={state}
      data-invalid={error ? true : undefined}
      className={cn(
        // min-w-0: in a grid a slot must not grow to its longest file name (it did, to 528 px on a 390 px phone).
        'min-w-0 rounded-xl border p-4 transition-colors',
        state === 'done' ? 'border-green-200 bg-green-50/40' : error ? 'border-red-400 bg-red-50/40' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            {state === 'done' ? (
              <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden />
            ) : (
              <FileText className="h-4 w-4 text-slate-400" aria-hidden />
            )}
            {label}
            {required ? <span className="text-red-700" aria-label="required">*</span> : <span className="text-xs font-normal text-slate-600">(optional)</span>}
          </p>
          {description && <p className="mt-1 text-xs text-slate-600">{description}</p>}
        </div>
        {sending && !sending.progress && (
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-brand-700" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Uploading…
          </span>
        )}
      </div>

      {sending?.progress && <UploadBar file={sending.file} progress={sending.progress} onCancel={upload.cancel} />}
      {upload.state.phase === 'dropped' && <DroppedUpload file={upload.state.file} onRetry={upload.retry} onDismiss={upload.dismiss} />}

      {files.length > 0 && (
        <ul className="mt-3 space-y-2">
          {files.map((f) => (
            // The actions wrap under the name where the row is too narrow for both; a long name breaks anywhere.
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2">
              <div className="min-w-0 flex-1 basis-40">
                <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-800">{f.name}</p>
                {f.size !== undefined && <p className="text-xs text-slate-500">{formatBytes(f.size)}</p>}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                {f.url && (
                  <a
                    href={f.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs font-medium text-brand-700 hover:bg-brand-50"
                    aria-label={`Download ${f.name}`}
                  >
                    <Download className="h-4 w-4" aria-hidden /> Download
                  </a>
                )}
                {onDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => onDelete(f)}
                    loading={deletingId === f.id}
                    disabled={disabled}
                    aria-label={`Delete ${f.name}`}
                    icon={<Trash2 className="h-4 w-4" aria-hidden />}
                  >
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {showPicker && (
        <div className="mt-3">
          {/* The input comes first so the drop zone can show the keyboard focus it receives (peer-focus-visible). */}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPT_ATTR}
            className="peer sr-only"
            disabled={disabled || uploading}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              pick(e.target.files?.[0])
              if (inputRef.current) inputRef.current.value = ''
            }}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-400 px-4 py-5 text-center hover:border-brand-500 hover:bg-brand-50/40 peer-focus-visible:border-brand-600 peer-focus-visible:bg-brand-50/60 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2',
              (disabled || uploading) && 'pointer-events-none opacity-60',
            )}
          >
            <UploadCloud className="h-6 w-6 text-slate-500" aria-hidden />
            <span className="text-sm font-medium text-brand-700">{state === 'done' ? 'Upload another file' : 'Choose a file'}</span>
            <span className="text-xs text-slate-600">PDF, JPG or PNG, up to 30MB</span>
            <span className="sr-only">Upload {label}</span>
          </label>
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-2 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
