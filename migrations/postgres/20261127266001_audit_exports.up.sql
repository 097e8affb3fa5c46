-- What administrators did that is about no single verification (audit_events needs one): an
-- export of the audit log, with the range in detail. The date-range export lists these rows too.
CREATE TABLE admin_events (
    id         BIGSERIAL PRIMARY KEY,
    actor_id   BIGINT NOT NULL REFERENCES users (id),
    action     TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
--bun:split
CREATE INDEX admin_events_created_idx ON admin_events (created_at, id);
-- The date-range export reads audit events by time through audit_events_created_idx, which the
-- charts' migration (20261127265001) made.
