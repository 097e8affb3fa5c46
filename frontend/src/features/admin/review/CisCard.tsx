import { Download, FileCog, ShieldCheck } from 'lucide-react'
import { Button } from '../../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../../components/ui/Card'
import { mutate, openInNewTab } from '../../../components/ui/mutate'
import { CIS_NOT_AVAILABLE } from '../../../lib/constants'
import { formatDateTime } from '../../../lib/format'
import type { AdminVerification } from '../../../lib/types'
import { useAdminFetchCisMutation, useGenerateCisMutation } from '../adminApi'


/**
 * CisCard generates, regenerates and downloads an approved verification's Client Information Sheet, as far
 * as the server's actions allow: a revoked or expired certificate has none.
 */
export function CisCard({ v }: { v: AdminVerification }) {
  const [generate, { isLoading: generating }] = useGenerateCisMutation()
  const [fetchCis, { isLoading: fetching }] = useAdminFetchCisMutation()

  function doGenerate() {
    return mutate(generate(v.id), {
      done: { title: 'CIS Form Generated', description: 'The applicant can now download and share it.' },
      failed: 'CIS Form Generation Failed',
      fallback: 'There was an error generating the CIS form. Please try again.',
    })
  }

  const has = Boolean(v.cisFormPath)
  const { cis, generateCis } = v.actions
  const note = !generateCis
    ? `The certificate ${v.revokedAt ? 'was revoked' : 'has expired'}, so its CIS is no longer issued.`
    : has && v.cisFormGeneratedAt
      ? `Generated ${formatDateTime(v.cisFormGeneratedAt, { zone: true })}`
      : 'No CIS form yet. It is generated automatically moments after approval; if that failed (see Failed Jobs), generate it here.'
  return (
    <Card>
      <CardHeader title="Client Information Sheet" icon={<FileCog className="h-5 w-5" aria-hidden />} />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600">{note}</p>
        <div className="flex flex-wrap gap-2">
          {cis && (
            <Button size="sm" onClick={() => openInNewTab(() => fetchCis(v.id), CIS_NOT_AVAILABLE)} loading={fetching} icon={<Download className="h-4 w-4" aria-hidden />}>
              Download CIS Form
            </Button>
          )}
          {generateCis && (
            <Button size="sm" variant={has ? 'outline' : 'primary'} onClick={doGenerate} loading={generating} icon={has ? undefined : <ShieldCheck className="h-4 w-4" aria-hidden />}>
              {has ? 'Regenerate' : 'Generate CIS Form'}
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  )
}
