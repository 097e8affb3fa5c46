-- The public certificate search matches a registration number exactly and a company name by its
-- beginning, case-insensitively. (The administrators' substring search scans, as the e-mail search
-- does: SQLite has no trigram index, and it serves small data.)
CREATE INDEX company_infos_registration_lower_idx ON company_infos (lower(registration_number));
--bun:split
CREATE INDEX company_infos_name_lower_idx ON company_infos (lower(company_name));
