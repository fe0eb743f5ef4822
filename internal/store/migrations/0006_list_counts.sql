-- How many public lists each browse filter matches, kept in step by CreateList,
-- UpdateList and DeleteList: tag '' stands for no tag, kind is 'all', 'season' or
-- 'survivor'. Browse reads its count here when it filters by at most one tag and does
-- not search, instead of counting lists.
CREATE TABLE list_counts (
    tag  TEXT NOT NULL,
    kind TEXT NOT NULL,
    n    BIGINT NOT NULL,
    PRIMARY KEY (tag, kind)
);
INSERT INTO list_counts (tag, kind, n)
SELECT tag, kind, count(*) FROM (
    SELECT '' AS tag, 'all' AS kind FROM lists l WHERE l.is_public
    UNION ALL SELECT '', CASE WHEN l.is_season THEN 'season' ELSE 'survivor' END FROM lists l WHERE l.is_public
    UNION ALL SELECT t.tag, 'all' FROM list_tags t JOIN lists l ON l.user_id = t.list_user_id AND l.id = t.list_id WHERE l.is_public
    UNION ALL SELECT t.tag, CASE WHEN l.is_season THEN 'season' ELSE 'survivor' END
        FROM list_tags t JOIN lists l ON l.user_id = t.list_user_id AND l.id = t.list_id WHERE l.is_public
) k GROUP BY tag, kind;
