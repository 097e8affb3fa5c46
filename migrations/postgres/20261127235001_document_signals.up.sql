-- What the upload read from each file for the reviewer (issue 23, document signals): its SHA-256,
-- the creation and modification dates and incremental updates a PDF states, and the software an
-- image's metadata names. Files uploaded before have no SHA-256 and no signals.
ALTER TABLE documents ADD COLUMN sha256 TEXT;
--bun:split
ALTER TABLE documents ADD COLUMN file_created_at TIMESTAMPTZ;
--bun:split
ALTER TABLE documents ADD COLUMN file_modified_at TIMESTAMPTZ;
--bun:split
ALTER TABLE documents ADD COLUMN file_updates INTEGER NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE documents ADD COLUMN file_software TEXT NOT NULL DEFAULT '';
--bun:split
-- The same file elsewhere is looked up by its hash on every review.
CREATE INDEX documents_sha256_idx ON documents (sha256) WHERE sha256 IS NOT NULL AND deleted_at IS NULL;
