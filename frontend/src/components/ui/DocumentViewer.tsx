import { AlertCircle, Download, ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { buttonClass } from './Button'
import { Dialog } from './Dialog'
import { Spinner } from './Spinner'

export interface ViewableFile {
  url: string
  name: string
  mimeType: string
  /** label says what the file is (its document type). */
  label: string
}

type Loaded = { url: string; blob: string } | { url: string; failed: true }

/**
 * usePdfBlob fetches a PDF and hands out a blob: URL for it. Files are served sandboxed and refuse
 * to be framed, so the viewer frames its own copy instead of the file's address.
 */
function usePdfBlob(url: string | null): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    if (!url) return
    let blob: string | null = null
    let live = true
    fetch(new URL(url, window.location.origin), { credentials: 'include' })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(r.statusText))))
      .then((b) => {
        blob = URL.createObjectURL(b)
        if (live) setLoaded({ url, blob })
      })
      .catch(() => live && setLoaded({ url, failed: true }))
    return () => {
      live = false
      if (blob) URL.revokeObjectURL(blob)
    }
  }, [url])
  return loaded && loaded.url === url ? loaded : null
}

function PdfFrame({ file }: { file: ViewableFile }) {
  const loaded = usePdfBlob(file.url)
  if (!loaded) {
    return (
      <div className="flex h-[65vh] items-center justify-center rounded-lg border border-slate-200">
        <Spinner label="Loading the document" />
      </div>
    )
  }
  if ('failed' in loaded) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-slate-200 p-4 text-sm text-slate-700" role="alert">
        <AlertCircle className="h-5 w-5 shrink-0 text-red-700" aria-hidden /> The document cannot be shown here. Open it in a new tab instead.
      </p>
    )
  }
  return <iframe src={loaded.blob} title={`${file.label}: ${file.name}`} className="h-[65vh] w-full rounded-lg border border-slate-200" />
}

/**
 * DocumentViewer shows an uploaded PDF or image inside the page, so a reviewer can read it without
 * leaving the review; it can still be opened in a tab or downloaded.
 */
export function DocumentViewer({ file, onClose }: { file: ViewableFile | null; onClose: () => void }) {
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(o) => !o && onClose()}
      wide
      title={file ? file.label : ''}
      description={file?.name}
      footer={
        file && (
          <>
            <a href={file.url} download={file.name} className={buttonClass('outline', 'md')}>
              <Download className="h-4 w-4" aria-hidden /> Download
            </a>
            <a href={file.url} target="_blank" rel="noreferrer" className={buttonClass('primary', 'md')}>
              <ExternalLink className="h-4 w-4" aria-hidden /> Open in a new tab
            </a>
          </>
        )
      }
    >
      {file &&
        (file.mimeType.startsWith('image/') ? (
          <img src={file.url} alt={`${file.label}: ${file.name}`} className="mx-auto max-h-[65vh] rounded-lg border border-slate-200 object-contain" />
        ) : (
          <PdfFrame file={file} />
        ))}
    </Dialog>
  )
}
