CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    is_admin      BOOLEAN NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
--bun:split
CREATE INDEX sessions_user_idx ON sessions (user_id);
--bun:split
CREATE TABLE verifications (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id               BIGINT NOT NULL REFERENCES users (id),
    tier                  TEXT NOT NULL CHECK (tier IN ('basic', 'top')),
    status                TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'in_review', 'approved', 'rejected')),
    progress              INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    public_id             TEXT NOT NULL UNIQUE,
    rejection_reason      TEXT NOT NULL DEFAULT '',
    deleted               BOOLEAN NOT NULL DEFAULT 0,
    payment_status        TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'failed')),
    payment_amount        BIGINT,
    payment_id            TEXT NOT NULL DEFAULT '',
    payment_date          TIMESTAMP,
    cis_form_path         TEXT NOT NULL DEFAULT '',
    cis_form_generated_at TIMESTAMP,
    approved_at           TIMESTAMP,
    expires_at            TIMESTAMP,
    revoked_at            TIMESTAMP,
    revocation_reason     TEXT NOT NULL DEFAULT '',
    version               BIGINT NOT NULL DEFAULT 1,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX verifications_user_updated_idx ON verifications (user_id, updated_at DESC) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_status_updated_idx ON verifications (status, updated_at DESC) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_updated_idx ON verifications (updated_at DESC) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_cis_path_idx ON verifications (cis_form_path) WHERE cis_form_path <> '';
--bun:split
CREATE TABLE documents (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id   BIGINT NOT NULL REFERENCES verifications (id),
    type              TEXT NOT NULL,
    filename          TEXT NOT NULL,
    original_filename TEXT NOT NULL,
    mime_type         TEXT NOT NULL,
    size              BIGINT NOT NULL,
    object_path       TEXT NOT NULL UNIQUE,
    created_at        TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX documents_verification_idx ON documents (verification_id, id);
--bun:split
CREATE TABLE company_infos (
    verification_id          BIGINT PRIMARY KEY REFERENCES verifications (id),
    company_name             TEXT NOT NULL DEFAULT '',
    registration_number      TEXT NOT NULL DEFAULT '',
    registered_address       TEXT NOT NULL DEFAULT '',
    operating_address        TEXT NOT NULL DEFAULT '',
    phone_number             TEXT NOT NULL DEFAULT '',
    email                    TEXT NOT NULL DEFAULT '',
    website                  TEXT NOT NULL DEFAULT '',
    country_of_incorporation TEXT NOT NULL DEFAULT '',
    date_of_incorporation    TEXT NOT NULL DEFAULT '',
    tax_id                   TEXT NOT NULL DEFAULT '',
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE representatives (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id  BIGINT NOT NULL REFERENCES verifications (id),
    full_name        TEXT NOT NULL DEFAULT '',
    position         TEXT NOT NULL DEFAULT '',
    nationality      TEXT NOT NULL DEFAULT '',
    date_of_birth    TEXT NOT NULL DEFAULT '',
    passport_number  TEXT NOT NULL DEFAULT '',
    issuing_country  TEXT NOT NULL DEFAULT '',
    expiry_date      TEXT NOT NULL DEFAULT '',
    email            TEXT NOT NULL DEFAULT '',
    phone_number     TEXT NOT NULL DEFAULT '',
    passport_file_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX representatives_verification_idx ON representatives (verification_id, id);
--bun:split
CREATE TABLE banking_infos (
    verification_id   BIGINT PRIMARY KEY REFERENCES verifications (id),
    bank_name         TEXT NOT NULL DEFAULT '',
    bank_address      TEXT NOT NULL DEFAULT '',
    account_name      TEXT NOT NULL DEFAULT '',
    account_number    TEXT NOT NULL DEFAULT '',
    swift_code        TEXT NOT NULL DEFAULT '',
    currency          TEXT NOT NULL DEFAULT '',
    bank_contact      TEXT NOT NULL DEFAULT '',
    reference_file_id BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE trade_infos (
    verification_id   BIGINT PRIMARY KEY REFERENCES verifications (id),
    products_traded   TEXT NOT NULL DEFAULT '',
    other_products    TEXT NOT NULL DEFAULT '',
    incoterms         TEXT NOT NULL DEFAULT '',
    target_quantity   TEXT NOT NULL DEFAULT '',
    preferred_origin  TEXT NOT NULL DEFAULT '',
    target_price      TEXT NOT NULL DEFAULT '',
    past_transactions TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
--bun:split
CREATE TABLE audit_events (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id BIGINT NOT NULL REFERENCES verifications (id),
    actor_id        BIGINT REFERENCES users (id),
    action          TEXT NOT NULL,
    from_status     TEXT NOT NULL DEFAULT '',
    to_status       TEXT NOT NULL DEFAULT '',
    reason          TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX audit_events_verification_idx ON audit_events (verification_id, id);
--bun:split
CREATE TABLE temporary_urls (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id BIGINT NOT NULL REFERENCES verifications (id),
    token           TEXT NOT NULL UNIQUE,
    expires_at      TIMESTAMP NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    is_used         BOOLEAN NOT NULL DEFAULT 0,
    used_at         TIMESTAMP
);
