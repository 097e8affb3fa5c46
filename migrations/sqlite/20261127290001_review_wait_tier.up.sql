-- The stats of one tier count the verifications whose review wait began recently (or is unset)
-- from these two indexes; with the tier in them the count reads the index only. SQLite has no
-- INCLUDE: the tier follows the unique id, so the indexes' order is unchanged.
DROP INDEX verifications_review_since_idx;
CREATE INDEX verifications_review_since_idx ON verifications (review_since, id, tier) WHERE status = 'in_review' AND deleted = 0;
DROP INDEX verifications_review_unset_idx;
CREATE INDEX verifications_review_unset_idx ON verifications (id, tier) WHERE status = 'in_review' AND review_since IS NULL AND deleted = 0;
