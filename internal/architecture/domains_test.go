package architecture

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The domain packages: each holds the use cases of one part of the product over the store.
var domains = []string{"auth", "lists", "comments", "moderation", "global", "consensus", "legacy", "follows", "notify", "mail", "limits", "game", "predictions", "watching"}

// domainEdges is every import one domain package may make of another, with why. An id, an
// error value or a type two domains share belongs in model or problem, not here.
var domainEdges = map[string][]string{
	"auth":        {"mail"},                                // it queues the mail of sign-up, resets and changes
	"lists":       {"notify"},                              // it tells fans about votes, remixes and changes
	"comments":    {"lists", "notify"},                     // a comment is on a list, as its reader may see it
	"moderation":  {"auth", "lists", "comments", "notify"}, // it acts on lists and comments, and ends a suspended account's sessions
	"global":      {"comments"},                            // a poll's discussion is made of comments
	"legacy":      {"lists", "notify"},                     // its rankings take entries as lists do
	"follows":     {"notify"},                              // a follow and a fan-out notify
	"consensus":   {"lists"},                               // a castaway's page leaves out the lists its reader chose not to see; a card counts as a share image
	"predictions": {"game", "notify", "watching"},          // it predicts the game's seasons on air; its scorer wakes the inboxes it notifies; its answers follow the spoiler shield
	"watching":    {"game"},                                // it cuts the game to how far a fan has watched
}

// Domain packages import each other only along domainEdges (limits, the counting every use
// case does before it writes, is open to all), so that the chain stays short and a new
// domain copies a good shape. Every other package that reaches the store is named as no
// domain, so a new domain package cannot slip past.
func TestDomainsImportEachOtherOnlyAlongTheirEdges(t *testing.T) {
	for _, d := range domains {
		allowed := append([]string{"limits"}, domainEdges[d]...)
		for file, paths := range imports(t, "internal/"+d) {
			for _, p := range paths {
				other, ok := strings.CutPrefix(p, "castaway/internal/")
				if !ok || other == d || !slices.Contains(domains, other) || slices.Contains(allowed, other) {
					continue
				}
				t.Errorf("internal/%s/%s imports internal/%s: move what it needs to model or problem, or name the edge in domainEdges with why", d, file, other)
			}
		}
	}
	for d, edges := range domainEdges {
		if !slices.Contains(domains, d) {
			t.Errorf("domainEdges names %s, which is no domain", d)
		}
		for _, e := range edges {
			if !slices.Contains(domains, e) {
				t.Errorf("domainEdges lets %s import %s, which is no domain", d, e)
			}
		}
	}

	// Above the domains (wiring, commands, HTTP), beside them (data tools), or the
	// operations on the store that serve and the commands run (upkeep, caches, backups).
	notDomains := []string{"app", "cli", "server", "services", "demo", "importer", "checkpoint", "searchmerge", "listcache", "backup"}
	dirs, err := filepath.Glob(filepath.Join("..", "..", "internal", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || name == "store" || slices.Contains(domains, name) || slices.Contains(notDomains, name) {
			continue
		}
		if files, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(files) == 0 {
			continue
		}
		for file, paths := range imports(t, "internal/"+name) {
			if slices.Contains(paths, "castaway/internal/store") {
				t.Errorf("internal/%s/%s reaches the store: name internal/%s a domain (with its edges) or no domain", name, file, name)
			}
		}
	}
}
