import { errorMessage, errorStatus, isApiError } from './errors'
import type { UploadArgs, UploadProgress } from './xhrUpload'

export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024
export const ACCEPTED_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png']
export const ACCEPT_ATTR = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
const ACCEPTED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png']

export interface UploadProblem {
  title: string
  description: string
}

const TOO_LARGE: UploadProblem = { title: 'File too large', description: 'The file size should not exceed 30MB' }
const WRONG_TYPE: UploadProblem = { title: 'Invalid file type', description: 'Only PDF, JPG, and PNG files are allowed' }
const UPLOAD_FAILED: UploadProblem = { title: 'Upload failed', description: 'There was an error uploading your file' }

/** checkUpload applies the client-side checks of spec section 5 and returns the toast to show. */
export function checkUpload(file: { name: string; size: number; type: string }): UploadProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  const typeOk = file.type ? ACCEPTED_MIME_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.includes(ext)
  if (!typeOk) return WRONG_TYPE
  return null
}

/**
 * uploadFailure is the toast for an upload the server did not take: its size and type refusals read
 * as the client's checks do; any other answer is `title` (e.g. 'Failed to upload document') with the
 * response's text; an upload that got no answer at all (the connection failed) is the generic
 * 'Upload failed'.
 */
export function uploadFailure(error: unknown, title: string): UploadProblem {
  const status = errorStatus(error)
  if (status === 413) return TOO_LARGE
  if (status === 415) return WRONG_TYPE
  if (status === undefined || !isApiError(error)) return UPLOAD_FAILED
  return { title, description: errorMessage(error) }
}

/** asciiFilename strips non-ASCII characters from a file name (the server does so too). */
export function asciiFilename(name: string): string {
  const cleaned = name.replace(/[^\x20-\x7E]/g, '').trim()
  return cleaned === '' || cleaned.startsWith('.') ? `file${cleaned}` : cleaned
}

/** uploadForm builds the multipart body; extra fields go before `file` as the server reads in order. */
export function uploadForm(file: File, fields: Record<string, string> = {}): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  fd.append('file', file, asciiFilename(file.name))
  return fd
}

/** FileToSend is what an upload mutation takes besides its own address: the file and, to hear how it goes, onProgress. */
export interface FileToSend {
  file: File
  onProgress?: (p: UploadProgress) => void
}

/**
 * uploadRequest is an upload mutation's request: a multipart POST of `file` after `fields`, sent by
 * XMLHttpRequest with progress reports when onProgress is given, else by fetch.
 */
export function uploadRequest(url: string, { file, onProgress }: FileToSend, fields: Record<string, string> = {}) {
  const body = uploadForm(file, fields)
  return onProgress ? ({ url, method: 'POST', body, onUploadProgress: onProgress } satisfies UploadArgs) : { url, method: 'POST', body }
}
