-- FTS5 writes each transaction's words as a new segment of the index, and a search reads
-- every segment: a site's list saves left a 100,000-list index in 23 segments, one large
-- and 22 of a page or so, and a search of a common word ran at 1,236 a second against
-- 1,930 from one segment. The merges serve runs (MergeSearch) join any two segments of a
-- level, not four, so the index keeps about one segment a level.
INSERT INTO list_fts (list_fts, rank) VALUES ('usermerge', 2);
