-- Browse search through a tsvector of each list's name, description, author's display
-- name and ranked item names, with a GIN index; the 'simple' configuration (no stemming,
-- no stop words) so prefix queries match what was typed.
ALTER TABLE lists ADD COLUMN search_doc tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE lists l SET search_doc = to_tsvector('simple', l.name || ' ' || l.description || ' ' ||
    COALESCE((SELECT u.display_name FROM users u WHERE u.id = l.user_id), '') || ' ' ||
    COALESCE((SELECT string_agg(i.name, ' ') FROM list_items i WHERE i.list_user_id = l.user_id AND i.list_id = l.id), ''));
CREATE INDEX lists_search_doc ON lists USING GIN (search_doc);
