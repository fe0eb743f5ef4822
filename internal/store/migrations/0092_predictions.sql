-- Predictions for a season on air (internal/predictions): one a fan a season, the whole
-- cast ordered winner first as a JSON array of contestant ids ('' for a fan who only
-- picks weekly). Written only before the premiere (the statement carries the lock); the
-- score columns are written by the scoring worker alone (predictions_scoring.go), from
-- the season's boots, and recounted by castaway verify.
CREATE TABLE predictions (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    season       TEXT NOT NULL,
    cast_order   TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    score        INTEGER NOT NULL DEFAULT 0,
    place_points INTEGER NOT NULL DEFAULT 0,
    hits         INTEGER NOT NULL DEFAULT 0,
    picks_right  INTEGER NOT NULL DEFAULT 0,
    streak       INTEGER NOT NULL DEFAULT 0,
    best_streak  INTEGER NOT NULL DEFAULT 0,
    boots        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (season, user_id)
);
-- The leaderboard, read in order; a fan's own predictions by the user.
CREATE INDEX predictions_board ON predictions (season, score DESC, user_id);
CREATE INDEX predictions_user ON predictions (user_id);

-- A fan's pick of who goes home in an episode, written before it airs.
CREATE TABLE weekly_picks (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    season    TEXT NOT NULL,
    episode   INTEGER NOT NULL,
    castaway  TEXT NOT NULL,
    picked_at BIGINT NOT NULL,
    PRIMARY KEY (season, user_id, episode)
);
CREATE INDEX weekly_picks_user ON weekly_picks (user_id);

-- A season's predictions to score again, queued as a boot is recorded or undone, with the
-- outcome (cast size and boots, JSON) to score them against. One row a season: queued
-- again while pending, it takes the newer outcome and a new version, and the worker
-- starts over. Leased as fanout_jobs are: after_user is the last fan scored.
CREATE TABLE scoring_jobs (
    season      TEXT PRIMARY KEY,
    outcome     TEXT NOT NULL,
    version     BIGINT NOT NULL,
    queued_by   TEXT NOT NULL,
    note        TEXT NOT NULL, -- the notification's text, as the fans read it
    created_at  BIGINT NOT NULL,
    after_user  TEXT NOT NULL DEFAULT '',
    lease_owner TEXT,
    lease_until BIGINT
);
CREATE INDEX scoring_jobs_due ON scoring_jobs (created_at);
