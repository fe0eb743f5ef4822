-- The community's ranking of each season's cast and of the seasons (consensus.go), kept
-- in step by CreateList/UpdateList/DeleteList from every public list. A scope is a season
-- id (that season's contestants, as the lists' items name them) or '' (the seasons).
-- Each list gives each item it ranks normalised Borda points: with k items, the one at
-- position p (0 first) gets (k - p) * 1000000 / k, integer division.
CREATE TABLE consensus_items (
    scope   TEXT NOT NULL,
    item_id TEXT NOT NULL,
    points  BIGINT NOT NULL,
    lists   INTEGER NOT NULL,
    PRIMARY KEY (scope, item_id)
);
-- The public lists that contribute to each scope (for a bounded, newest-first sample of
-- them) and how many there are.
CREATE TABLE consensus_members (
    scope        TEXT NOT NULL,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (scope, list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX consensus_members_recent ON consensus_members (scope, created_at, list_user_id, list_id);
CREATE INDEX consensus_members_list ON consensus_members (list_user_id, list_id);
CREATE TABLE consensus_lists (
    scope TEXT PRIMARY KEY,
    n     BIGINT NOT NULL
);

INSERT INTO consensus_items (scope, item_id, points, lists)
SELECT scope, item_id, SUM(points), count(*) FROM (
    SELECT CASE WHEN i.is_season THEN '' ELSE i.season_id END AS scope, i.item_id,
           (l.item_count - i.position) * 1000000 / l.item_count AS points
    FROM list_items i JOIN lists l ON l.user_id = i.list_user_id AND l.id = i.list_id WHERE l.is_public = TRUE
) x GROUP BY scope, item_id;
INSERT INTO consensus_members (scope, list_user_id, list_id, created_at)
SELECT DISTINCT CASE WHEN i.is_season THEN '' ELSE i.season_id END, l.user_id, l.id, l.created_at
FROM list_items i JOIN lists l ON l.user_id = i.list_user_id AND l.id = i.list_id WHERE l.is_public = TRUE;
INSERT INTO consensus_lists (scope, n) SELECT scope, count(*) FROM consensus_members GROUP BY scope;
