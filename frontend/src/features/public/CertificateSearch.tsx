import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { inputClass } from '../../components/form/fields'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { countryName } from '../../lib/constants'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { tierName } from './certificate'
import { useLazySearchPublicCertificatesQuery } from './publicApi'

/** The server refuses shorter queries, so that nobody lists every certificate through the search. */
export const SEARCH_MIN_LENGTH = 3

/**
 * CertificateSearch finds approved certificates by certificate ID, registration number or the
 * beginning of the company name, for a visitor whose link led nowhere.
 */
export function CertificateSearch() {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [search, result] = useLazySearchPublicCertificatesQuery()

  function submit(e: FormEvent) {
    e.preventDefault()
    const q = text.trim()
    if (q.length < SEARCH_MIN_LENGTH) {
      setProblem(`Enter at least ${SEARCH_MIN_LENGTH} characters`)
      return
    }
    setProblem(null)
    void search(q)
  }

  const hits = result.currentData
  return (
    <section aria-labelledby="certificate-search-heading" className="mt-8 border-t border-slate-200 pt-6 text-left">
      <h2 id="certificate-search-heading" className="text-base font-semibold text-slate-900">
        Find a certificate
      </h2>
      <form role="search" onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <label htmlFor="certificate-search" className="sr-only">
            Certificate ID, company name or registration number
          </label>
          <input
            id="certificate-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Certificate ID, company name or registration number"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'certificate-search-error' : 'certificate-search-hint'}
            className={inputClass}
          />
          {problem ? (
            <p id="certificate-search-error" className="mt-1 text-xs text-red-700">
              {problem}
            </p>
          ) : (
            <p id="certificate-search-hint" className="mt-1 text-xs text-slate-600">
              Only approved certificates are found: by their full ID or registration number, or by the beginning of the company name.
            </p>
          )}
        </div>
        <Button type="submit" icon={<Search className="h-4 w-4" aria-hidden />} loading={result.isFetching}>
          Search
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {result.isError && !result.isFetching && <p className="text-sm text-red-700">{errorMessage(result.error)}</p>}
        {hits && hits.length === 0 && (
          <p className="text-sm text-slate-700">No approved certificate matches. A company that cannot be found here is not verified by TTT Verify.</p>
        )}
        {hits && hits.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Certificates found">
            {hits.map((h) => (
              <li key={h.certificateId}>
                <Link to={paths.publicCertificate(h.certificateId)} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50">
                  <span className="min-w-0">
                    <span className="block break-words text-sm font-semibold text-brand-800">{h.companyName}</span>
                    <span className="block text-xs text-slate-600">
                      {countryName(h.country)} · {tierName(h.tier)} · <span className="font-mono">{h.certificateId}</span>
                    </span>
                  </span>
                  {h.certificateStatus === 'valid' ? (
                    <Badge color="green">Valid until {formatDate(h.expiresAt)}</Badge>
                  ) : (
                    <Badge color="grey">Expired</Badge>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
