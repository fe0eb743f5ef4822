-- Each scope's consensus has a version that every change to its totals or its members
-- moves on (adjustConsensus, RebuildAggregates), so a process may keep a scope's ranking
-- and check with one row read that it still stands.
ALTER TABLE consensus_lists ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
