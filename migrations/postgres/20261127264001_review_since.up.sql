-- When a verification last entered review after payment: the start of the applicant's wait for a
-- decision, counted in business days. Rows already in review start their wait at their payment,
-- or at their last change when an administrator's data has none.
ALTER TABLE verifications ADD COLUMN review_since TIMESTAMPTZ;
--bun:split
UPDATE verifications SET review_since = COALESCE(payment_date, updated_at) WHERE status = 'in_review';
--bun:split
-- The review queue oldest first, and the overdue count (review_since before a cutoff).
CREATE INDEX verifications_review_since_idx ON verifications (review_since, id) WHERE status = 'in_review' AND NOT deleted;
