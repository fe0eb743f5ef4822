-- What `castaway import-firestore` has brought in, by kind ('user', 'list', 'comment',
-- 'notification', 'ballot', 'legacy') and the earlier product's key: a second run skips
-- these, even when the fan has since changed or deleted them, so nothing comes back twice.
CREATE TABLE imported (
    kind TEXT NOT NULL,
    id   TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
