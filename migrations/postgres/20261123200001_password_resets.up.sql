-- One-time password reset links. Only the SHA-256 of a token is stored. A new request supersedes
-- the user's older tokens (superseded_at); a token works once (used_at) and until expires_at.
CREATE TABLE password_reset_tokens (
    id            BIGSERIAL PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES users (id),
    token_hash    TEXT NOT NULL UNIQUE,
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    used_at       TIMESTAMPTZ,
    superseded_at TIMESTAMPTZ
);
--bun:split
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
--bun:split
-- What happened to an account (audit_events is about verifications): a reset link granted, a
-- password reset.
CREATE TABLE account_events (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    action     TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
--bun:split
CREATE INDEX account_events_user_idx ON account_events (user_id, id);
