-- The words of company names and how many names hold each (filled by ANALYZE), so that a company
-- search looks up a rare word of the search in the trigram index rather than one most names share.
CREATE STATISTICS IF NOT EXISTS company_infos_name_words ON (regexp_split_to_array(lower(company_name), '\s+'))
FROM company_infos;
