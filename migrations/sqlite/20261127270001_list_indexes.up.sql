-- The admin list at a million verifications (docs/performance-notes.md): the sorts by tier and by
-- status walk an index instead of sorting every row; the revoked and expired filters, and the
-- stats' count of withdrawn certificates, read the few approved rows whose certificate no longer
-- vouches instead of every approved one.
CREATE INDEX verifications_tier_id_idx ON verifications (tier, id) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_status_id_idx ON verifications (status, id) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_revoked_idx ON verifications (created_at) WHERE status = 'approved' AND revoked_at IS NOT NULL AND deleted = 0;
--bun:split
CREATE INDEX verifications_expires_idx ON verifications (expires_at) WHERE status = 'approved' AND deleted = 0;
--bun:split
-- The overdue count takes the recent waits from the maintained count in review; this index finds
-- the rows in review without a start of their wait (none the application writes) beside them.
CREATE INDEX verifications_review_unset_idx ON verifications (id) WHERE status = 'in_review' AND review_since IS NULL AND deleted = 0;
--bun:split
-- The decision-time chart reads the decisions alone, not every audit event of the range.
CREATE INDEX audit_events_decisions_idx ON audit_events (created_at, verification_id)
    WHERE from_status IN ('submitted', 'in_review') AND to_status IN ('approved', 'rejected');
