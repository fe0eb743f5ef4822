-- How many searchable lists hold each word, kept by triggers on list_search_docs (so every
-- path that writes it, a cascade from a deleted list too, keeps the counts in step). A
-- search of one common word needs only to know that more than BrowseCountCap lists hold
-- it: a GIN index can only hand all of its matches over, and counting the first 1,001
-- read about 9,500 documents. The largest count of the words a prefix covers is at most
-- the lists that match it, so past the cap it answers alone. A word no list holds any
-- more goes, so the table is as large as the index's vocabulary.
CREATE TABLE search_term_counts (
    term TEXT COLLATE "C" PRIMARY KEY,
    n    BIGINT NOT NULL
);
INSERT INTO search_term_counts (term, n) SELECT word, ndoc FROM ts_stat('SELECT doc FROM list_search_docs');
-- Each statement's words counted at once, in term order, so saves at once that share
-- words lock their counts in the same order.
CREATE FUNCTION search_terms_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO search_term_counts AS t (term, n)
        SELECT w, count(*) FROM (SELECT unnest(tsvector_to_array(doc)) AS w FROM new_docs) x GROUP BY w ORDER BY w
        ON CONFLICT (term) DO UPDATE SET n = t.n + excluded.n;
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        INSERT INTO search_term_counts AS t (term, n)
        SELECT w, sum(d) FROM (SELECT unnest(tsvector_to_array(doc)) AS w, -1 AS d FROM old_docs
            UNION ALL SELECT unnest(tsvector_to_array(doc)), 1 FROM new_docs) x
        GROUP BY w HAVING sum(d) <> 0 ORDER BY w
        ON CONFLICT (term) DO UPDATE SET n = t.n + excluded.n;
    ELSE
        INSERT INTO search_term_counts AS t (term, n)
        SELECT w, -count(*) FROM (SELECT unnest(tsvector_to_array(doc)) AS w FROM old_docs) x GROUP BY w ORDER BY w
        ON CONFLICT (term) DO UPDATE SET n = t.n + excluded.n;
    END IF;
    DELETE FROM search_term_counts WHERE n <= 0 AND term IN (SELECT unnest(tsvector_to_array(doc)) FROM old_docs);
    RETURN NULL;
END
$$;
CREATE TRIGGER search_terms_inserted AFTER INSERT ON list_search_docs
    REFERENCING NEW TABLE AS new_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_counted();
CREATE TRIGGER search_terms_updated AFTER UPDATE ON list_search_docs
    REFERENCING OLD TABLE AS old_docs NEW TABLE AS new_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_counted();
CREATE TRIGGER search_terms_deleted AFTER DELETE ON list_search_docs
    REFERENCING OLD TABLE AS old_docs FOR EACH STATEMENT EXECUTE FUNCTION search_terms_counted();
