-- The bell: one row per event a user is told about, written in the transaction of the change that
-- caused it, beside the e-mail job. The key is the e-mail's idempotency key, unique per user, so an
-- event told twice (an expiry scan run again) adds nothing and queues no second e-mail.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    key        TEXT NOT NULL,
    kind       TEXT NOT NULL,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    link       TEXT,
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP,
    UNIQUE (user_id, key)
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id DESC);
