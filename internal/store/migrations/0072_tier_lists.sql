-- Tier lists (issue 29). A list's format is 'ranked' (every list before this) or 'tiers'.
-- A tier list's tiers (their labels and colors, as JSON) are a row of list_tiers, read
-- with the list's own row by key; each of its items holds the index of its tier (NULL in
-- a ranked list). Items keep one position across the whole list, tier by tier, so a
-- list and its cards read as ranked ones do: one row, then its items off the primary key.
-- (The tiers are not a column of lists: a wider lists row tips SQLite's cost estimates,
-- which have no statistics, off the remixes index.)
ALTER TABLE lists ADD COLUMN format TEXT NOT NULL DEFAULT 'ranked';
CREATE TABLE list_tiers (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    tiers        TEXT NOT NULL,
    PRIMARY KEY (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
ALTER TABLE list_items ADD COLUMN tier INTEGER;
-- Browse's format filter, in its newest/oldest and most-voted orders.
CREATE INDEX lists_public_format_created ON lists (is_public, format, created_at, user_id, id);
CREATE INDEX lists_public_format_upvotes ON lists (is_public, format, upvote_count, created_at, user_id, id);
-- A tier draft: {"tiers": [{label, color, items}], "pool": [items]}; '' for a ranked draft.
ALTER TABLE drafts ADD COLUMN tiers TEXT NOT NULL DEFAULT '';
