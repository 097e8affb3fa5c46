-- The owner of a verification can withdraw a CIS share link before it expires.
ALTER TABLE temporary_urls ADD COLUMN revoked_at TIMESTAMP;
--bun:split
CREATE INDEX temporary_urls_verification_idx ON temporary_urls (verification_id, expires_at);
