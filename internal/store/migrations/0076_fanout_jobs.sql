-- A list's fan-out to its author's followers, done off the save (store fanout.go): the
-- save that makes a list public records one row here in its own transaction, whatever the
-- author's follower count, and a worker on each node (internal/follows FanOut) writes the
-- followers' feed rows and followed_list notifications in bounded batches, keyset by
-- follower id (after_follower: the last follower done). A worker leases a row until
-- lease_until; one that dies leaves it to another once the lease ends, which carries on
-- from after_follower (the feed's key and the notifications' dedupe keys make a batch
-- done twice write nothing twice). The row goes when the fan-out ends, or with its list.
CREATE TABLE fanout_jobs (
    list_user_id   TEXT NOT NULL,
    list_id        TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    after_follower TEXT NOT NULL DEFAULT '',
    lease_owner    TEXT,
    lease_until    BIGINT,
    PRIMARY KEY (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX fanout_jobs_due ON fanout_jobs (created_at);
