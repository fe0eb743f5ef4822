package model

import "time"

// GameRecord is one thing a moderator recorded of a season on air: a row of the survivoR
// file it extends (File, e.g. "boot_order.json"), as JSON.
type GameRecord struct {
	Seq    int64
	Season string // survivoR's version_season, e.g. "US51"
	File   string
	Body   []byte
	By     string // the moderator's user id, or "cli" for a command
	At     time.Time
}
