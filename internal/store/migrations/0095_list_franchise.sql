-- Each list's franchise (issue 62), for browse's franchise filter: the code of the one
-- franchise its entries come from (model.Franchises: US 0, AU 1, SA 2, NZ 3, UK 4), or 5
-- when they come from several. A season's id says its franchise (s1 is the US's, au1
-- Australia's), so the code is read off the items' season ids, kept by each save and
-- checked with the list counts. Every list before this one ranks the US unless an entry
-- of another franchise's season says otherwise.
ALTER TABLE lists ADD COLUMN franchise INTEGER NOT NULL DEFAULT 0;
UPDATE lists SET franchise = r.n FROM (
    SELECT list_user_id, list_id, CASE WHEN MIN(f) = MAX(f) THEN MIN(f) ELSE 5 END AS n FROM (
        SELECT list_user_id, list_id, CASE
            WHEN substr(season_id, 1, 2) = 'au' AND substr(season_id, 3, 1) BETWEEN '0' AND '9' THEN 1
            WHEN substr(season_id, 1, 2) = 'sa' AND substr(season_id, 3, 1) BETWEEN '0' AND '9' THEN 2
            WHEN substr(season_id, 1, 2) = 'nz' AND substr(season_id, 3, 1) BETWEEN '0' AND '9' THEN 3
            WHEN substr(season_id, 1, 2) = 'uk' AND substr(season_id, 3, 1) BETWEEN '0' AND '9' THEN 4
            ELSE 0 END AS f FROM list_items) fi
    GROUP BY list_user_id, list_id) r
WHERE lists.user_id = r.list_user_id AND lists.id = r.list_id AND r.n <> 0;
-- Browse by franchise, in its newest/oldest and most-voted orders: a franchise few lists
-- rank is read off its own entries, not found by walking every list.
CREATE INDEX lists_public_franchise_created ON lists (is_public, franchise, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_franchise_upvotes ON lists (is_public, franchise, vote_rank, created_at, user_id, id, tag_mask);
