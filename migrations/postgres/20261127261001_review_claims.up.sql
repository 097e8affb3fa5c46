-- A reviewer's claim on a verification ("Start review"): one holder at a time. A claim whose
-- active_at is older than REVIEW_CLAIM_TTL counts as no claim; it is read that way, not swept.
CREATE TABLE review_claims (
    verification_id BIGINT PRIMARY KEY REFERENCES verifications (id),
    holder_id       BIGINT NOT NULL REFERENCES users (id),
    claimed_at      TIMESTAMPTZ NOT NULL,
    active_at       TIMESTAMPTZ NOT NULL
);
--bun:split
CREATE INDEX review_claims_holder_idx ON review_claims (holder_id, active_at);
