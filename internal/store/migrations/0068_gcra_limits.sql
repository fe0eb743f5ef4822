-- Rate limits are GCRA (internal/limits): each key holds one time, its theoretical arrival
-- time (TAT, Unix ms), in place of a fixed window's start and count. The old counters are
-- dropped: at worst a client gets one fresh burst.
DROP TABLE rate_limits;

CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);
