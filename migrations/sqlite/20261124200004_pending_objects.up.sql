-- An object being written to the blob store before the row that owns it: recorded first, removed
-- in the owning row's transaction. A row left here by a crash names an object (or an unfinished
-- multipart upload) to remove.
CREATE TABLE pending_objects (
    object_key TEXT PRIMARY KEY,
    started_at TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX pending_objects_started_idx ON pending_objects (started_at);
