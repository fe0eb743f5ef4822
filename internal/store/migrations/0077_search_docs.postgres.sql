-- The search index leaves the lists table for a table of its own, one row per list everyone
-- may see. On lists, every update of a row (an upvote's count, a comment's) is one its
-- indexes must take again, the GIN index's every word with them: upvotes kept the GIN's
-- pending list full, and every search read that list whole, then fetched each match from
-- the wide lists heap. Here a row changes only with the list's words (searchIndexStatements)
-- and holds nothing else, so the GIN index takes no pending list (fastupdate off: a save
-- writes its words at once) and a search's matches are read from narrow rows.
CREATE TABLE list_search_docs (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    doc          tsvector NOT NULL,
    PRIMARY KEY (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
INSERT INTO list_search_docs (list_user_id, list_id, doc)
SELECT user_id, id, search_doc FROM lists WHERE is_public AND search_doc <> ''::tsvector ORDER BY created_at, user_id, id;
CREATE INDEX list_search_docs_doc ON list_search_docs USING GIN (doc) WITH (fastupdate = off);
DROP INDEX lists_search_doc;
ALTER TABLE lists DROP COLUMN search_doc;
