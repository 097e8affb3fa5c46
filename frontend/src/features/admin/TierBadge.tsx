import { Badge } from '@/components/ui/Badge'
import { ADMIN_TIER_NAMES } from '@/lib/options'
import type { Tier } from '@/lib/types'

/** TierBadge is the admin screens' tier label: TOP or Basic. */
export function TierBadge({ tier }: { tier: Tier }) {
  return <Badge color={tier === 'top' ? 'purple' : 'grey'}>{ADMIN_TIER_NAMES[tier]}</Badge>
}
