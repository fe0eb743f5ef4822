-- Global polls open and close by data, count their ballots, and keep each
-- contestant's name beside its running total so the top 10 is one index scan.
ALTER TABLE global_polls ADD COLUMN is_open BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE global_polls ADD COLUMN submissions INTEGER NOT NULL DEFAULT 0;
UPDATE global_polls SET submissions = (SELECT count(*) FROM global_submissions s WHERE s.poll_id = global_polls.id);

-- Filled by the next ballot naming the contestant, or by castaway verify --repair.
ALTER TABLE global_scores ADD COLUMN name TEXT NOT NULL DEFAULT '';
DROP INDEX global_scores_rank;
CREATE INDEX global_scores_rank ON global_scores (poll_id, total_score DESC, votes DESC, name, contestant_id);
