-- The admin dashboard's charts: audit events by time for the weekly submissions, decisions and
-- decision times (index-only for the counts); settled payments by time for revenue; the review
-- queue by payment date for its age; hits by the run that first found them, runs by time.
CREATE INDEX audit_events_created_idx ON audit_events (created_at) INCLUDE (from_status, to_status, verification_id);
--bun:split
CREATE INDEX payments_settled_idx ON payments (updated_at) WHERE status = 'succeeded';
--bun:split
CREATE INDEX verifications_in_review_paid_idx ON verifications (payment_date, updated_at) WHERE status = 'in_review' AND NOT deleted;
--bun:split
CREATE INDEX screening_runs_created_idx ON screening_runs (created_at);
--bun:split
CREATE INDEX screening_hits_first_run_idx ON screening_hits (first_run_id);
