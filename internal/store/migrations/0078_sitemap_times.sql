-- Each sitemap number keeps its list's last change (lists.updated_at), kept in step by
-- syncSitemap after every change of a public list: a page of the sitemap is then one range
-- of sitemap_lists' primary key, 50,000 short rows read in order, with no lookup of a
-- list (at 100,000 lists a page's 50,000 lookups of lists took seconds; more with more lists).
ALTER TABLE sitemap_lists ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
UPDATE sitemap_lists SET updated_at = (SELECT l.updated_at FROM lists l
    WHERE l.user_id = sitemap_lists.list_user_id AND l.id = sitemap_lists.list_id);
