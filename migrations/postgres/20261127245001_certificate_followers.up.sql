-- Counterparties who asked to be told when a certificate changes (double opt-in). Only the SHA-256
-- of a confirmation token is stored; a row is pending until confirmed_at is set and deleted when
-- its address unsubscribes. The address is personal data: it is never shown, only counted.
CREATE TABLE certificate_followers (
    id                BIGSERIAL PRIMARY KEY,
    verification_id   BIGINT NOT NULL REFERENCES verifications (id),
    email             TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL,
    confirm_hash      TEXT UNIQUE,
    confirm_expires_at TIMESTAMPTZ,
    confirmed_at      TIMESTAMPTZ,
    UNIQUE (verification_id, email)
);
--bun:split
CREATE INDEX certificate_followers_confirmed_idx ON certificate_followers (verification_id, confirmed_at);
--bun:split
-- One-click unsubscribe tokens (RFC 8058), one per message sent to a follower; only their SHA-256.
CREATE TABLE follower_unsubscribe_tokens (
    token_hash  TEXT PRIMARY KEY,
    follower_id BIGINT NOT NULL REFERENCES certificate_followers (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL
);
--bun:split
CREATE INDEX follower_unsubscribe_tokens_follower_idx ON follower_unsubscribe_tokens (follower_id);
