import { ArrowLeft } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/Button'
import { paths } from '../../../lib/paths'

/** BackButton returns to the admin dashboard. */
export function BackButton() {
  return (
    <ButtonLink to={paths.admin} variant="ghost" size="sm" className="-ml-2" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
      Back
    </ButtonLink>
  )
}
