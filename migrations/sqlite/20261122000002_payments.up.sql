CREATE TABLE coupons (
    code            TEXT PRIMARY KEY,
    percent         INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
    active          BOOLEAN NOT NULL DEFAULT 1,
    expires_at      TIMESTAMP,
    max_redemptions INTEGER NOT NULL DEFAULT 0 CHECK (max_redemptions >= 0),
    redemptions     INTEGER NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE coupon_redemptions (
    coupon_code     TEXT NOT NULL REFERENCES coupons (code),
    verification_id BIGINT NOT NULL REFERENCES verifications (id),
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (coupon_code, verification_id)
);
--bun:split
CREATE TABLE payments (
    intent_id        TEXT PRIMARY KEY,
    verification_id  BIGINT NOT NULL REFERENCES verifications (id),
    user_id          BIGINT NOT NULL REFERENCES users (id),
    provider         TEXT NOT NULL,
    purpose          TEXT NOT NULL CHECK (purpose IN ('verification', 'upgrade')),
    amount           BIGINT NOT NULL CHECK (amount > 0),
    currency         TEXT NOT NULL,
    coupon_code      TEXT NOT NULL DEFAULT '',
    discount_percent INTEGER NOT NULL DEFAULT 0,
    status           TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'succeeded', 'failed')),
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX payments_verification_idx ON payments (verification_id);
--bun:split
CREATE TABLE payment_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE simulated_payment_intents (
    id                 TEXT PRIMARY KEY,
    client_secret      TEXT NOT NULL,
    idempotency_key    TEXT NOT NULL UNIQUE,
    amount             BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL,
    metadata           TEXT NOT NULL DEFAULT '{}',
    receipt_email      TEXT NOT NULL DEFAULT '',
    description        TEXT NOT NULL DEFAULT '',
    failure_code       TEXT NOT NULL DEFAULT '',
    failure_message    TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
