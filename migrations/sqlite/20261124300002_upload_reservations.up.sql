-- An upload in progress holds room in its account's storage quota (the largest file one may upload)
-- and counts against the uploads one user may run at once, until its journal entry goes. Entries of
-- other writes (a CIS being stored) belong to no account.
ALTER TABLE pending_objects ADD COLUMN user_id BIGINT;
--bun:split
ALTER TABLE pending_objects ADD COLUMN reserved_bytes BIGINT NOT NULL DEFAULT 0;
--bun:split
CREATE INDEX pending_objects_user_idx ON pending_objects (user_id) WHERE user_id IS NOT NULL;
--bun:split
-- An account's stored bytes are summed over all its verifications, deleted ones included (their
-- documents' objects stay until purged); the other user_id indexes leave deleted rows out.
CREATE INDEX verifications_user_idx ON verifications (user_id);
