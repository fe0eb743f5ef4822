-- list_upvotes_week keeps the weeks named here (by the day each ends on) and no others:
-- today's and tomorrow's, counted from the daily upvotes when first read (weeks.go). It
-- held every week, seven rows a list a day voted on; they are dropped, and the front
-- page's first read counts the two it needs.
CREATE TABLE list_upvote_weeks (
    end_day BIGINT PRIMARY KEY
);
DELETE FROM list_upvotes_week;
-- The daily upvotes are read by day (a week's count), never ranked: an index without n
-- is not moved by every vote on a list already voted on that day.
DROP INDEX list_upvotes_daily_rank;
CREATE INDEX list_upvotes_daily_day ON list_upvotes_daily (day, list_user_id, list_id);
-- No read orders the upvotes by when they were cast but one account's export (by its
-- user index): one index fewer for every vote to write.
DROP INDEX list_upvotes_created;
