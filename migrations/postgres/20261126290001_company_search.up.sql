-- Administrators search by any part of a company's name or registration number: trigram indexes on
-- the lower-cased columns serve LIKE '%…%' as users_email_trgm_idx does for e-mails.
CREATE INDEX company_infos_name_trgm_idx ON company_infos USING gin (lower(company_name) gin_trgm_ops);
--bun:split
CREATE INDEX company_infos_registration_trgm_idx ON company_infos USING gin (lower(registration_number) gin_trgm_ops);
