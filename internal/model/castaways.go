package model

import "time"

// RankedList is a public list as a castaway's page shows it: the list, and the place
// (1 first) it gives the castaway.
type RankedList struct {
	ListSummary
	Position int
}

// SitemapList is one public list's entry in the sitemap.
type SitemapList struct {
	UserID, ListID string
	UpdatedAt      time.Time
}
