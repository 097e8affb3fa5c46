import { Copy } from 'lucide-react'
import { Button } from '@/components/ui/Button'
import { toast } from '@/components/ui/toast-store'
import { apiLinks, paths } from '@/lib/paths'
import type { Verification } from '@/lib/types'
import { useGetCompanyInfoQuery } from '../../verificationApi'

/** badgeSnippet is the HTML a company pastes into its website: the badge, linking to the public certificate page. */
export function badgeSnippet(origin: string, publicId: string, companyName: string): string {
  const alt = `${companyName}: verified by TTT Verify`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return (
    `<a href="${origin}${paths.publicCertificate(publicId)}">` +
    `<img src="${origin}${apiLinks.badge(publicId)}" alt="${alt}" width="320" height="76"></a>`
  )
}

/**
 * BadgeSnippet offers the live badge for the company's website: a preview and the HTML to copy.
 * The badge itself says REVOKED or EXPIRED when that is true, so the snippet never needs changing.
 */
export function BadgeSnippet({ v }: { v: Verification }) {
  // The same cached read the page's header makes.
  const companyName = useGetCompanyInfoQuery(v.id).data?.companyName ?? v.companyName ?? 'Our company'
  const snippet = badgeSnippet(window.location.origin, v.publicId, companyName)

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet)
      toast({ title: 'Snippet copied', description: 'Paste it into your website where the badge should appear.' })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the snippet and copy it yourself.' })
    }
  }

  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-semibold text-slate-900">Badge for your website</p>
      <p className="mt-1 text-sm text-slate-600">
        The badge shows your certificate&apos;s live status and links to your public certificate page.
      </p>
      <img src={apiLinks.badge(v.publicId)} alt="Preview of your badge" width={320} height={76} className="mt-3 max-w-full" />
      <label htmlFor="badge-snippet" className="mt-3 block text-xs font-medium text-slate-700">
        HTML snippet
      </label>
      <textarea
        id="badge-snippet"
        readOnly
        value={snippet}
        rows={3}
        className="mt-1 w-full resize-none rounded-md border border-slate-200 bg-slate-50 p-2 font-mono text-xs text-slate-700"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button variant="outline" size="sm" className="mt-2" onClick={copy} icon={<Copy className="h-4 w-4" aria-hidden />}>
        Copy snippet
      </Button>
    </div>
  )
}
