import { AlertTriangle, Ban, CheckCircle2, Clock, FileUp, ShieldCheck, ShieldX, XCircle } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { Link } from 'react-router'
import { InfoField as Field } from '@/components/ui/Banner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { cn } from '@/lib/cn'
import { countryName } from '@/lib/constants'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import type { DocumentVerdict } from '@/lib/types'
import { PublicShell } from './PublicShell'
import { tierName } from './certificate'
import { useVerifyFileMutation, useVerifyTextMutation } from './publicApi'

/** MAX_CHECKED_BYTES is the server's limit on a checked file (10 MB). */
export const MAX_CHECKED_BYTES = 10 * 1024 * 1024

const VERDICT_STYLE = {
  valid: { icon: ShieldCheck, band: 'bg-green-800', title: 'Genuine' },
  revoked: { icon: Ban, band: 'bg-red-800', title: 'Revoked' },
  expired: { icon: Clock, band: 'bg-amber-800', title: 'Expired' },
  modified: { icon: AlertTriangle, band: 'bg-red-800', title: 'Modified' },
  foreign: { icon: ShieldX, band: 'bg-slate-800', title: 'Not issued by TTT Verify' },
} as const

/**
 * VerifyDocumentPage lets a counterparty check a certificate or CIS PDF, a credential or a certificate ID,
 * and answers with one verdict in plain words, what it rests on and the company's public facts.
 */
export default function VerifyDocumentPage() {
  const [verifyFile, file] = useVerifyFileMutation()
  const [verifyText, text] = useVerifyTextMutation()
  const [pasted, setPasted] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [verdict, setVerdict] = useState<{ of: string; v: DocumentVerdict } | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const textId = useId()

  useEffect(() => {
    const prev = document.title
    document.title = 'Verify a document · TTT Verify'
    return () => {
      document.title = prev
    }
  }, [])

  async function check(of: string, run: () => Promise<{ data: DocumentVerdict } | { error: unknown }>) {
    setProblem(null)
    setVerdict(null)
    const r = await run()
    if ('error' in r) setProblem(errorMessage(r.error))
    else setVerdict({ of, v: r.data })
  }

  function checkFile(f: File | undefined) {
    if (!f) return
    if (f.size > MAX_CHECKED_BYTES) {
      setVerdict(null)
      setProblem('The file is larger than 10 MB; certificates and CIS forms are far smaller.')
      return
    }
    void check(f.name, () => verifyFile(f))
  }

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    checkFile(e.dataTransfer.files[0])
  }

  const busy = file.isLoading || text.isLoading
  return (
    <PublicShell label="Document check">
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Verify a document</h1>
          <p className="mt-2 text-sm text-slate-600">
            Check a TTT Verify certificate or Client Information Sheet you were given: we check its signature, which certificate it belongs to and that
            certificate&apos;s status today. Files are checked in memory and never stored.
          </p>
        </div>

        <Card className="space-y-6 p-6">
          <div
            onDragOver={(e) => {
              e.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center',
              dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
            )}
            data-testid="drop-zone"
          >
            <FileUp className="h-8 w-8 text-slate-400" aria-hidden />
            <p className="text-sm text-slate-700">Drop a certificate or CIS PDF here (up to 10 MB)</p>
            <Button variant="outline" onClick={() => input.current?.click()} loading={file.isLoading} disabled={busy}>
              Choose a PDF
            </Button>
            <input
              ref={input}
              type="file"
              accept=".pdf,application/pdf"
              className="sr-only"
              aria-label="PDF to verify"
              tabIndex={-1}
              onChange={(e) => {
                checkFile(e.target.files?.[0])
                e.target.value = ''
              }}
            />
          </div>

          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault()
              const t = pasted.trim()
              if (!t) {
                setProblem('Paste a credential or enter a certificate ID.')
                return
              }
              void check(t.length > 40 ? 'the credential' : t, () => verifyText(t))
            }}
          >
            <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
              Or paste a credential or enter a certificate ID
            </label>
            <textarea
              id={textId}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              rows={3}
              spellCheck={false}
              className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs text-slate-800"
              placeholder="eyJhbGciOiJFUzI1NiIs… or a certificate ID"
            />
            <Button type="submit" loading={text.isLoading} disabled={busy}>
              Check
            </Button>
          </form>
        </Card>

        <div aria-live="polite">
          {problem && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {problem}
            </p>
          )}
          {verdict && <Verdict of={verdict.of} v={verdict.v} />}
        </div>
      </div>
    </PublicShell>
  )
}

/** Verdict is the one answer, what it rests on, and the certificate's public facts when it is genuine. */
export function Verdict({ of, v }: { of: string; v: DocumentVerdict }) {
  const shown = useRef<HTMLElement>(null)
  // On a phone the answer arrives below the form: bring it into view.
  useEffect(() => {
    shown.current?.scrollIntoView?.({ block: 'nearest' }) // a block: newer browsers return a promise, not a cleanup
  }, [v])
  const s = VERDICT_STYLE[v.verdict]
  const Icon = s.icon
  const c = v.certificate
  return (
    <article ref={shown} className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200" data-verdict={v.verdict}>
      <div className={cn('flex items-start gap-4 px-6 py-6 text-white', s.band)}>
        <Icon className="h-9 w-9 shrink-0" aria-hidden />
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-white">{s.title}</p>
          <h2 className="mt-1 text-xl font-bold" data-testid="verdict">
            {v.message}
          </h2>
          <p className="mt-1 break-all text-sm text-white">Checked: {of}</p>
        </div>
      </div>
      <div className="space-y-6 px-6 py-6">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What we checked</h3>
          <ul className="mt-2 space-y-2">
            {v.checks.map((k) => (
              <li key={k.name} className="flex gap-2.5 text-sm" data-testid="proof-check">
                {k.passed ? (
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-label="Passed" />
                ) : (
                  <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-label="Failed" />
                )}
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{k.name}:</span> <span className="break-words text-slate-700">{k.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        {c && (
          <div className="border-t border-slate-100 pt-5">
            <h3 className="text-sm font-semibold text-slate-900">The company&apos;s public record</h3>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              <Field label="Company Name">{c.companyName}</Field>
              <Field label="Registration Number">{c.registrationNumber}</Field>
              <Field label="Country">{countryName(c.country)}</Field>
              <Field label="Verification Tier">{tierName(c.tier)}</Field>
            </dl>
            <Link to={paths.publicCertificate(c.publicId)} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
              Open the certificate page
            </Link>
          </div>
        )}
      </div>
    </article>
  )
}
