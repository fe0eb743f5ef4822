-- The game as data an operator imported (castaway catalog import): the survivoR files,
-- used in place of the copy the binary ships while any row is here. Replaced as a whole.
CREATE TABLE game_files (
    name        TEXT PRIMARY KEY,
    body        TEXT NOT NULL,
    imported_at BIGINT NOT NULL
);

-- What moderators record of a season on air, each record a row of the survivoR file it
-- extends (a season is a season_summary.json row, a castaway a castaways.json row, a boot a
-- boot_order.json row), applied in seq order over the files. Bounded: a season has a few
-- dozen castaways and episodes, and recording is for moderators only.
CREATE TABLE game_records (
    seq         BIGINT PRIMARY KEY,
    batch       BIGINT NOT NULL, -- the first seq of the records made together (a boot and its votes)
    season      TEXT NOT NULL,
    file        TEXT NOT NULL,
    body        TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    recorded_at BIGINT NOT NULL
);
CREATE INDEX game_records_season ON game_records (season, seq);
