import { Award, Download, ExternalLink, KeyRound, Link2, ShieldCheck, Users } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonClass } from '../../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../../components/ui/Card'
import { mutate, openInNewTab } from '../../../../components/ui/mutate'
import { toast } from '../../../../components/ui/toast-store'
import { CIS_NOT_AVAILABLE } from '../../../../lib/constants'
import { formatDateTime } from '../../../../lib/format'
import { apiLinks, paths } from '../../../../lib/paths'
import type { Verification } from '../../../../lib/types'
import { useFetchCisFormMutation, useShareCisFormMutation } from '../../verificationApi'
import { BadgeSnippet } from './BadgeSnippet'
import { ShareLinks } from './ShareLinks'

/** followersText says how many counterparties follow the certificate by e-mail; who they are is never shown. */
export function followersText(n: number): string {
  if (n === 0) return 'Nobody follows this certificate yet'
  return `${n} ${n === 1 ? 'counterparty follows' : 'counterparties follow'} this certificate by e-mail`
}

/**
 * ApprovedActions offers an approved verification's certificate, its verifiable credential, public page and CIS (download and share),
 * as far as the server's actions allow: a revoked or expired certificate has neither PDF nor CIS.
 */
export function ApprovedActions({ v }: { v: Verification }) {
  const [fetchCis, { isLoading: fetching }] = useFetchCisFormMutation()
  const [share, { isLoading: sharing }] = useShareCisFormMutation()
  const [shared, setShared] = useState<{ link: string; expires: string } | null>(null)
  const [downloading, setDownloading] = useState(false)

  // The credential is asked for as the JWT itself (Accept), which a plain link cannot say.
  async function downloadCredential() {
    setDownloading(true)
    try {
      const res = await fetch(`${window.location.origin}${apiLinks.credential(v.publicId)}`, { headers: { Accept: 'application/vc+jwt' } })
      if (!res.ok) throw new Error(res.statusText)
      const file = URL.createObjectURL(new Blob([await res.text()], { type: 'application/vc+jwt' }))
      const a = document.createElement('a')
      a.href = file
      a.download = `TTT-Credential-${v.publicId}.jwt`
      a.click()
      URL.revokeObjectURL(file)
    } catch {
      toast({ title: 'Error', description: 'The credential could not be downloaded. Please try again.', variant: 'destructive' })
    } finally {
      setDownloading(false)
    }
  }

  async function shareLink() {
    const r = await mutate(share(v.id), { failed: 'Error', fallback: 'Failed to generate temporary link.' })
    if (!r.ok) return
    const link = `${window.location.origin}${r.data.url}`
    const expires = formatDateTime(r.data.expiresAt)
    setShared({ link, expires })
    try {
      await navigator.clipboard.writeText(link)
      toast({ title: 'Link copied', description: `A temporary link to your CIS was copied to the clipboard. It expires ${expires}.` })
    } catch {
      toast({ title: 'Temporary link created', description: `${link} (expires ${expires})` })
    }
  }

  const { certificate, cis, shareCis } = v.actions
  return (
    <Card>
      <CardHeader
        title="Certificate & Client Information Sheet"
        description="Download your documents or share them with a counterparty."
        icon={<ShieldCheck className="h-5 w-5" aria-hidden />}
      />
      <CardBody className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          {certificate && (
            <a href={apiLinks.certificate(v.id)} download className={buttonClass('primary', 'md')}>
              <Award className="h-4 w-4" aria-hidden /> Download Certificate
            </a>
          )}
          {certificate && (
            <Button
              variant="ghost"
              onClick={downloadCredential}
              loading={downloading}
              icon={<KeyRound className="h-4 w-4" aria-hidden />}
              title="The W3C verifiable credential of this certificate (a signed JWT), for software that checks credentials"
            >
              Download credential
            </Button>
          )}
          <a href={paths.publicCertificate(v.publicId)} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'md')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Public certificate page
          </a>
          {v.followers != null && (
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" data-testid="followers">
              <Users className="h-4 w-4 text-slate-500" aria-hidden />
              {followersText(v.followers)}
            </span>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <p className="text-sm font-semibold text-slate-900">Client Information Sheet (CIS)</p>
          {cis ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                onClick={() => openInNewTab(() => fetchCis(v.id), CIS_NOT_AVAILABLE)}
                loading={fetching}
                icon={<Download className="h-4 w-4" aria-hidden />}
              >
                Download CIS Form
              </Button>
              {shareCis && (
                <Button variant="outline" onClick={shareLink} loading={sharing} icon={<Link2 className="h-4 w-4" aria-hidden />}>
                  Share Temporary Link
                </Button>
              )}
              {v.cisFormGeneratedAt && <span className="text-xs text-slate-500">Generated {formatDateTime(v.cisFormGeneratedAt)}</span>}
            </div>
          ) : !certificate ? (
            <p className="mt-1 text-sm text-slate-600">
              The certificate {v.revokedAt ? 'was revoked' : 'has expired'}, so the CIS can no longer be downloaded or shared.
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              Your Client Information Sheet is not yet available. Please check back later, or contact support if it has not been generated within 24 hours of
              approval.
            </p>
          )}
          {shared && (
            <p className="mt-3 break-all rounded-md bg-slate-50 p-2 text-xs text-slate-600" data-testid="share-link">
              Temporary link:{' '}
              <a href={shared.link} className="font-medium text-brand-700 hover:underline">
                {shared.link}
              </a>{' '}
              · expires {shared.expires}
            </p>
          )}
          {shareCis && <ShareLinks id={v.id} />}
        </div>
        <BadgeSnippet v={v} />
      </CardBody>
    </Card>
  )
}
