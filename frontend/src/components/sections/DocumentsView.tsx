import { Eye, FileText } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { documentLabel, documentTypeLabel, DOCUMENT_TYPE_LABELS } from '../../lib/constants'
import { formatDate, formatKB } from '../../lib/format'
import type { VerificationDocument } from '../../lib/types'
import { DocumentViewer, type ViewableFile } from '../ui/DocumentViewer'
import { SectionCard, type SectionViewProps } from './SectionCard'

/** groupDocuments orders documents by type (the catalogue's order) for the detailed view. */
export function groupDocuments<D extends VerificationDocument>(docs: D[]): { type: string; label: string; docs: D[] }[] {
  const order = Object.keys(DOCUMENT_TYPE_LABELS)
  const types = [...new Set(docs.map((d) => d.type as string))].sort((a, b) => {
    const ia = order.indexOf(a)
    const ib = order.indexOf(b)
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib)
  })
  return types.map((t) => ({ type: t, label: documentTypeLabel(t), docs: docs.filter((d) => d.type === t) }))
}

/**
 * DocumentsView lists the documents with type, upload date and a View link; detailed, grouped by type with sizes and viewed in
 * the page, with what `extra` adds under each document (the reviewer's flags).
 */
export function DocumentsView<D extends VerificationDocument>({
  data,
  loading,
  detailed,
  extra,
}: SectionViewProps<D[]> & { extra?: (d: D) => ReactNode }) {
  const docs = data ?? []
  const icon = <FileText className="h-5 w-5" aria-hidden />
  const [viewing, setViewing] = useState<ViewableFile | null>(null)
  if (detailed) {
    const groups = groupDocuments(docs)
    return (
      <SectionCard title="Documents" icon={icon} loading={loading} empty={groups.length === 0 && 'No documents uploaded.'}>
        <div className="space-y-6">
          {groups.map((g) => (
            <section key={g.type} aria-label={g.label} data-testid="document-group">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">
                {g.label} <span className="font-normal text-slate-500">({g.docs.length})</span>
              </h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {g.docs.map((d) => (
                  <li key={d.id} className="px-4 py-2.5 text-sm">
                    <div className="flex items-center justify-between gap-4">
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-800">{d.owner ? `${d.owner} · ${d.originalFilename}` : d.originalFilename}</p>
                        <p className="text-xs text-slate-500">
                          {formatKB(d.size)} · uploaded {formatDate(d.createdAt)}
                        </p>
                      </div>
                      <button
                        type="button"
                        onClick={() => setViewing({ url: d.url, name: d.originalFilename, mimeType: d.mimeType, label: g.label })}
                        className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
                        aria-label={`View ${d.originalFilename}`}
                      >
                        <Eye className="h-4 w-4" aria-hidden /> View
                      </button>
                    </div>
                    {extra?.(d)}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <DocumentViewer file={viewing} onClose={() => setViewing(null)} />
      </SectionCard>
    )
  }
  return (
    <SectionCard title="Documents" icon={icon} loading={loading} empty={docs.length === 0 && 'No documents.'} bare>
      {/* A table where there is room; on a phone each document is a row of its own, View within reach. */}
      <table className="hidden min-w-full divide-y divide-slate-100 text-sm sm:table">
        <thead className="bg-slate-50/70 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-6 py-3">Type</th>
            <th scope="col" className="px-6 py-3">File</th>
            <th scope="col" className="px-6 py-3">Uploaded</th>
            <th scope="col" className="px-6 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {docs.map((d) => (
            <tr key={d.id}>
              <td className="px-6 py-3 font-medium text-slate-900">{documentLabel(d)}</td>
              <td className="max-w-xs truncate px-6 py-3 text-slate-600">{d.originalFilename}</td>
              <td className="whitespace-nowrap px-6 py-3 text-slate-600">{formatDate(d.createdAt)}</td>
              <td className="px-6 py-3 text-right">
                <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline" aria-label={`View ${d.originalFilename}`}>
                  View
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {docs.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm" data-testid="document-item">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{documentLabel(d)}</p>
              <p className="truncate text-slate-600">{d.originalFilename}</p>
              <p className="text-xs text-slate-600">{formatDate(d.createdAt)}</p>
            </div>
            <a href={d.url} target="_blank" rel="noreferrer" className="shrink-0 font-medium text-brand-700 hover:underline" aria-label={`View ${d.originalFilename}`}>
              View
            </a>
          </li>
        ))}
      </ul>
    </SectionCard>
  )
}
