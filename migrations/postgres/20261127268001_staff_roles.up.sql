-- Staff have a role instead of a flag: 'reviewer' works the queue, 'admin' also revokes,
-- reinstates and runs the back office; '' is an applicant. Existing administrators keep every right.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT '' CHECK (role IN ('', 'reviewer', 'admin'));
--bun:split
UPDATE users SET role = 'admin' WHERE is_admin;
--bun:split
ALTER TABLE users DROP COLUMN is_admin;
