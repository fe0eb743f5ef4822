package model

import "time"

// NotePredictionScored is the notification a fan gets once their prediction of a season
// on air is scored after an episode's boot; the store writes it, a batch at a time, as
// the scoring worker goes.
const NotePredictionScored = "prediction_scored"

// Prediction is a fan's prediction of a season: its whole cast ordered from the winner
// (Order[0]) to the first out, and what it scored so far. Order is empty for a fan who
// only made weekly picks.
type Prediction struct {
	UserID      string
	DisplayName string
	Season      string // castaway's season id
	Order       []string
	Predicted   bool // Order is given (a leaderboard's rows say so without reading it)
	CreatedAt   time.Time
	UpdatedAt   time.Time
	PredictionScore
}

// PredictionScore is what a prediction scored against the boots so far (internal/predictions Score).
type PredictionScore struct {
	Score       int // PlacePoints + the picks' points + the streak's
	PlacePoints int // for how close each castaway out was predicted
	Hits        int // castaways out at exactly the place predicted
	PicksRight  int
	Streak      int // right picks in a row, up to the last episode scored
	BestStreak  int // the longest such run
	Boots       int // the boots it was scored against
}

// WeeklyPick is a fan's pick of who goes home in an episode.
type WeeklyPick struct {
	Episode  int
	Castaway string
	PickedAt time.Time
}

// PredictionEntry is what scoring reads of one fan's prediction.
type PredictionEntry struct {
	UserID string
	Order  []string
	Picks  map[int]string // episode -> castaway
}

// Outcome is what a season's predictions are scored against: the cast size and every
// boot so far, in order. A scoring job carries the outcome it scores, so every node
// scores alike whether or not it has read the game's latest change yet.
type Outcome struct {
	CastSize int           `json:"n"`
	Boots    []OutcomeBoot `json:"boots"`
}

// OutcomeBoot is one boot: who left (a contestant id) and in which episode.
type OutcomeBoot struct {
	Castaway string `json:"c"`
	Episode  int    `json:"e"`
}

// ScoringJob is a leased rescoring of every prediction of a season.
type ScoringJob struct {
	Season   string
	Outcome  Outcome
	Version  int64  // moves each time the job is queued again with another outcome
	By       string // who recorded the change (told nothing of it)
	Note     string // the notification's text, as fans read it
	QueuedAt time.Time
}
