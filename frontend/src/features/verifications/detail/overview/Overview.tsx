import type { Verification } from '../../../../lib/types'
import type { Step } from '../steps'
import { DraftOverview } from './DraftOverview'
import { ReadOnlyOverview } from './ReadOnlyOverview'

export interface OverviewProps {
  v: Verification
  onOpen: (s: Step) => void
  onSubmit: () => void
  submitting: boolean
}

/** Overview is the detail page's first tab: section links while a draft is edited, read-only cards after. */
export function Overview(props: OverviewProps) {
  return props.v.status === 'draft' ? <DraftOverview {...props} /> : <ReadOnlyOverview v={props.v} onOpen={props.onOpen} />
}
