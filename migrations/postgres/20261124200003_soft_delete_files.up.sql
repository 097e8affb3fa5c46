-- Deleting a document or a representative keeps the row (and the document's object) for the audit
-- trail; the retention job removes a deleted document's object later and stamps purged_at.
ALTER TABLE documents ADD COLUMN deleted_at TIMESTAMPTZ;
--bun:split
ALTER TABLE documents ADD COLUMN purged_at TIMESTAMPTZ;
--bun:split
ALTER TABLE representatives ADD COLUMN deleted_at TIMESTAMPTZ;
--bun:split
CREATE INDEX documents_retention_idx ON documents (deleted_at) WHERE deleted_at IS NOT NULL AND purged_at IS NULL;
