-- A note on each ranked entry ("why here"), up to 280 characters; '' for none. Browse
-- search matches it with the item names (search.go): an empty note adds nothing to the
-- indexed text, so the existing index rows stay as they are.
ALTER TABLE list_items ADD COLUMN note TEXT NOT NULL DEFAULT '';
