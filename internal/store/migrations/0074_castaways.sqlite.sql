-- (0074_castaways.postgres.sql is the same but for how sitemap_lists numbers its rows.)
-- A page for every castaway, and a sitemap. All three are kept in step by adjustCounts
-- from every public list, like the consensus of 0052.

-- The all-time community ranking of contestants across seasons: consensus scope '*',
-- every contestant item of every public list, with the same points as in its season.
INSERT INTO consensus_items (scope, item_id, points, lists)
SELECT '*', item_id, SUM((k - position) * 1000000 / k), count(*) FROM (
    SELECT i.item_id, i.position, i.is_season, count(*) OVER (PARTITION BY i.list_user_id, i.list_id) AS k
    FROM lists l JOIN list_items i ON i.list_user_id = l.user_id AND i.list_id = l.id WHERE l.is_public = TRUE
) w WHERE NOT is_season GROUP BY item_id;
INSERT INTO consensus_members (scope, list_user_id, list_id, created_at)
SELECT DISTINCT '*', l.user_id, l.id, l.created_at
FROM lists l JOIN list_items i ON i.list_user_id = l.user_id AND i.list_id = l.id
WHERE l.is_public = TRUE AND NOT i.is_season;
INSERT INTO consensus_lists (scope, n) SELECT '*', count(*) FROM consensus_members WHERE scope = '*';

-- Where each public list places each contestant it ranks, for a castaway's page: the
-- lists that rank them highest are one walk of castaway_ranks_best, best place first and,
-- at one place, newest list first (sort_key is minus the list's creation time, so every
-- column of the walk ascends and a page starts at its cursor with one row comparison).
CREATE TABLE castaway_ranks (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    item_id      TEXT NOT NULL,
    position     INTEGER NOT NULL,
    sort_key     BIGINT NOT NULL,
    PRIMARY KEY (list_user_id, list_id, item_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX castaway_ranks_best ON castaway_ranks (item_id, position, sort_key, list_user_id, list_id);
INSERT INTO castaway_ranks (list_user_id, list_id, item_id, position, sort_key)
SELECT l.user_id, l.id, i.item_id, i.position, -l.created_at
FROM lists l JOIN list_items i ON i.list_user_id = l.user_id AND i.list_id = l.id
WHERE l.is_public = TRUE AND NOT i.is_season;

-- The public lists numbered for the sitemap: page N of /sitemap-lists-N.xml is the range
-- of numbers [N·size, (N+1)·size), one read of the primary key however many lists there
-- are. A list keeps its number while it stays public; one made public again gets a new one.
CREATE TABLE sitemap_lists (
    seq          INTEGER PRIMARY KEY,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    UNIQUE (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
INSERT INTO sitemap_lists (list_user_id, list_id)
SELECT user_id, id FROM lists WHERE is_public = TRUE ORDER BY created_at, user_id, id;
