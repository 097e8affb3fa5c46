-- Four eyes (FOUR_EYES): an administrator's first approval of a verification, awaiting a second
-- administrator's confirmation until a send-back (sent_back_at set) or the decision removes it.
CREATE TABLE first_approvals (
    verification_id BIGINT PRIMARY KEY REFERENCES verifications (id),
    approver_id     BIGINT NOT NULL REFERENCES users (id),
    approved_at     TIMESTAMPTZ NOT NULL,
    sent_back_by    BIGINT REFERENCES users (id),
    sent_back_at    TIMESTAMPTZ,
    note            TEXT NOT NULL DEFAULT ''
);
--bun:split
-- The queue's "Awaiting second review" filter.
CREATE INDEX first_approvals_awaiting_idx ON first_approvals (verification_id) WHERE sent_back_at IS NULL;
