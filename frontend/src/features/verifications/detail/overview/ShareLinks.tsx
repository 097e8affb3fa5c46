import { Button } from '../../../../components/ui/Button'
import { mutate } from '../../../../components/ui/mutate'
import { formatDateTime } from '../../../../lib/format'
import { useGetShareLinksQuery, useRevokeShareLinkMutation } from '../../verificationApi'

/** ShareLinks lists the CIS links that still work, so the owner can see who may still open the CIS and withdraw a link. */
export function ShareLinks({ id }: { id: number }) {
  const { data: links } = useGetShareLinksQuery(id)
  const [revoke, { isLoading, originalArgs }] = useRevokeShareLinkMutation()
  if (!links?.length) return null
  return (
    <div className="mt-4" data-testid="share-links">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Active links</p>
      <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
        {links.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-xs text-slate-600">
            <span>
              Created {formatDateTime(l.createdAt)} · expires {formatDateTime(l.expiresAt)} ·{' '}
              {l.usedAt ? `first opened ${formatDateTime(l.usedAt)}` : 'not opened yet'}
            </span>
            <Button
              variant="destructive-outline"
              size="sm"
              loading={isLoading && originalArgs?.shareId === l.id}
              onClick={() =>
                void mutate(revoke({ id, shareId: l.id }), {
                  failed: 'Error',
                  fallback: 'Failed to revoke the link.',
                  done: { title: 'Link revoked', description: 'The link no longer opens your CIS.' },
                })
              }
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
