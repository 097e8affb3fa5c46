-- One row per e-mail, by idempotency key, so that a retried job never delivers the same message
-- twice. A worker claims the key before sending (claimed_at) and marks it sent after the SMTP
-- server (or the outbox) accepted the message (sent_at); a claim older than the send timeout is
-- taken over, as its worker died. River's own tables come from River's migrations (rivermigrate),
-- run when the job queue starts.
CREATE TABLE sent_emails (
    idempotency_key TEXT PRIMARY KEY,
    message_id      TEXT NOT NULL,
    recipients      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    claimed_at      TIMESTAMP NOT NULL,
    sent_at         TIMESTAMP
);
