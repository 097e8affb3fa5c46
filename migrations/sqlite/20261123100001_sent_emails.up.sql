-- One row per e-mail delivered, written after the SMTP server (or the outbox) accepted it, so a
-- retried job never delivers the same message twice. River's own tables are created by River's
-- migrations (rivermigrate) when the job queue starts.
CREATE TABLE sent_emails (
    idempotency_key TEXT PRIMARY KEY,
    message_id      TEXT NOT NULL,
    recipients      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    sent_at         TIMESTAMP   NOT NULL
);
