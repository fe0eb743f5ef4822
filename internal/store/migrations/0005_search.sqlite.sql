-- Browse search through FTS5: one row per list holding its name, description, author's
-- display name and ranked item names. list_search_ids gives each list a stable integer
-- rowid (assigned in creation order, so rowid order is newest/oldest order). Prefix
-- indexes of 2 and 3 letters keep short words being typed cheap.
CREATE TABLE list_search_ids (
    id           INTEGER PRIMARY KEY,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    UNIQUE (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE list_fts USING fts5(name, description, author, items, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
-- A list gone (deleted, or with its owner) takes its index row along.
CREATE TRIGGER list_search_ids_gone AFTER DELETE ON list_search_ids BEGIN DELETE FROM list_fts WHERE rowid = old.id; END;
INSERT INTO list_search_ids (list_user_id, list_id) SELECT user_id, id FROM lists ORDER BY created_at, user_id, id;
INSERT INTO list_fts (rowid, name, description, author, items)
SELECT k.id, l.name, l.description, u.display_name,
       COALESCE((SELECT group_concat(i.name, ' ') FROM list_items i WHERE i.list_user_id = l.user_id AND i.list_id = l.id), '')
FROM list_search_ids k JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id JOIN users u ON u.id = l.user_id;
