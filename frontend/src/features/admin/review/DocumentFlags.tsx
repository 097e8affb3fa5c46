import { AlertTriangle } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths'
import type { AdminDocument } from '../../../lib/types'

/** flaggedCount is how many documents carry at least one flag. */
export function flaggedCount(docs: AdminDocument[] | undefined): number {
  return (docs ?? []).filter((d) => d.flags.length > 0).length
}

/**
 * DocumentFlags shows, under a document in the review, what its file suggests the reviewer look at. Flags never block a
 * decision and are never shown to the applicant; a copy in another verification links to it.
 */
export function DocumentFlags({ doc }: { doc: AdminDocument }) {
  if (doc.flags.length === 0) return null
  return (
    <ul aria-label={`Flags on ${doc.originalFilename}`} className="mt-2 space-y-1.5" data-testid="document-flags">
      {doc.flags.map((f, i) => (
        <li key={i} className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
          <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0 text-amber-700" aria-hidden />
          <div className="min-w-0 whitespace-normal break-words">
            {f.message}
            {f.verificationId != null && (
              <>
                {' '}
                <Link to={paths.adminReview(f.verificationId)} className="font-medium text-amber-950 underline hover:no-underline">
                  Open verification {f.verificationId}
                </Link>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
