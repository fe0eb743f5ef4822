-- Upvotes per list per week, the week named by its last UTC day: the week ending on day
-- end_day is that day and the 6 before, so an upvote cast on day d counts in the rows of
-- end_day d … d + 6. Kept in step beside list_upvotes_daily by AddUpvote/RemoveUpvote,
-- so the home page's "Top Voted Lists This Week" reads this week's most upvoted lists
-- off the (end_day, n) index: a few rows, however many votes the week has had.
CREATE TABLE list_upvotes_week (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    end_day      BIGINT NOT NULL,
    n            INTEGER NOT NULL,
    PRIMARY KEY (list_user_id, list_id, end_day),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX list_upvotes_week_rank ON list_upvotes_week (end_day, n, list_user_id, list_id);
INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n)
SELECT d.list_user_id, d.list_id, d.day + k.k, SUM(d.n) FROM list_upvotes_daily d
CROSS JOIN (SELECT 0 AS k UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3
    UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6) k
GROUP BY d.list_user_id, d.list_id, d.day + k.k;
