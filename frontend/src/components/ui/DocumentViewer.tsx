import { Download, ExternalLink } from 'lucide-react'
import { buttonClass } from './Button'
import { Dialog } from './Dialog'

export interface ViewableFile {
  url: string
  name: string
  mimeType: string
  /** label says what the file is (its document type). */
  label: string
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
          <iframe src={file.url} title={`${file.label}: ${file.name}`} className="h-[65vh] w-full rounded-lg border border-slate-200" />
        ))}
    </Dialog>
  )
}
