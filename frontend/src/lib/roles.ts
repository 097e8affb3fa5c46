import type { User } from './types'

/**
 * administers says the signed-in user is an administrator: the back office (lists, failed jobs,
 * revoking and reinstating, the date-range audit export) is theirs; a reviewer works the queue.
 * The server checks the same rule in each use case; this only hides what would be refused.
 */
export const administers = (user: User | null | undefined) => user?.role === 'admin'
