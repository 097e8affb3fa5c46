-- One-time password reset links. Only the SHA-256 of a token is stored. A new request supersedes
-- the user's older tokens (superseded_at); a token works once (used_at) and until expires_at.
CREATE TABLE password_reset_tokens (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       BIGINT NOT NULL REFERENCES users (id),
    token_hash    TEXT NOT NULL UNIQUE,
    created_at    TIMESTAMP NOT NULL,
    expires_at    TIMESTAMP NOT NULL,
    used_at       TIMESTAMP,
    superseded_at TIMESTAMP
);
--bun:split
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
--bun:split
-- What happened to an account (audit_events is about verifications): a reset link granted, a
-- password reset.
CREATE TABLE account_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    action     TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX account_events_user_idx ON account_events (user_id, id);
