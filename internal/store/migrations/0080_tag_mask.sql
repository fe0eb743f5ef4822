-- Each list's user tags as bits (model.UserTags: favorites 1, social 2, strategic 4,
-- challenge 8, spoiler 16), kept in step with list_tags by the list's saves and checked
-- with the list counts. Browse by a tag tests the bit while it walks its order index,
-- which now holds the mask, instead of looking the tag up in list_tags for every list it
-- passes (most of a tag page's reading when one list in seven carries the tag).
ALTER TABLE lists ADD COLUMN tag_mask INTEGER NOT NULL DEFAULT 0;
UPDATE lists SET tag_mask = t.m FROM (SELECT list_user_id, list_id, SUM(CASE tag WHEN 'favorites' THEN 1
    WHEN 'social' THEN 2 WHEN 'strategic' THEN 4 WHEN 'challenge' THEN 8 WHEN 'spoiler' THEN 16 ELSE 0 END) AS m
    FROM list_tags GROUP BY list_user_id, list_id) t
WHERE lists.user_id = t.list_user_id AND lists.id = t.list_id AND t.m <> 0;
DROP INDEX lists_public_created;
DROP INDEX lists_public_upvotes;
DROP INDEX lists_public_type_created;
DROP INDEX lists_public_type_upvotes;
CREATE INDEX lists_public_created ON lists (is_public, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_upvotes ON lists (is_public, upvote_count, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_type_created ON lists (is_public, is_season, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_type_upvotes ON lists (is_public, is_season, upvote_count, created_at, user_id, id, tag_mask);
