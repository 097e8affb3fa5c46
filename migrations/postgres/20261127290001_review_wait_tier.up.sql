-- The stats of one tier count the verifications whose review wait began recently (or is unset)
-- from these two indexes. Without the tier in them each match read its table row for the tier alone
-- (2,300 rows, 10 ms at 1,000,000 verifications); with it the count reads the index only (0.6 ms).
DROP INDEX verifications_review_since_idx;
CREATE INDEX verifications_review_since_idx ON verifications (review_since, id) INCLUDE (tier) WHERE status = 'in_review' AND NOT deleted;
DROP INDEX verifications_review_unset_idx;
CREATE INDEX verifications_review_unset_idx ON verifications (id) INCLUDE (tier) WHERE status = 'in_review' AND review_since IS NULL AND NOT deleted;
