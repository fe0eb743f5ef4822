package game

// What a season's page shows of the game, ids ours (s20, contestant slugs), as the API
// sends it. Everything is built once from the data set; a request only reads it.

// Season is one season's game.
type Season struct {
	ID         string    `json:"id"`
	Franchise  string    `json:"franchise"`
	Number     int       `json:"number"`
	Name       string    `json:"name"`
	Location   string    `json:"location,omitempty"`
	Country    string    `json:"country,omitempty"`
	TribeSetup string    `json:"tribeSetup,omitempty"`
	Premiered  string    `json:"premiered,omitempty"` // YYYY-MM-DD
	Ended      string    `json:"ended,omitempty"`
	Filming    [2]string `json:"filming"` // started, ended; "" when unknown
	Timeslot   string    `json:"timeslot,omitempty"`
	Viewers    Viewers   `json:"viewers"`
	CastSize   int       `json:"castSize"`
	JurySize   int       `json:"jurySize"`
	Winner     string    `json:"winner,omitempty"` // a castaway id
	FinalVote  string    `json:"finalVote,omitempty"`

	Cast       []*Castaway `json:"cast"` // by place, the winner first
	Tribes     []Tribe     `json:"tribes"`
	Phases     []Phase     `json:"phases"` // the tribes' make-up, each time it changed
	Boots      []Boot      `json:"boots"`
	Councils   []Council   `json:"councils"`
	Advantages []Advantage `json:"advantages"`
	Jury       []JuryVote  `json:"jury"`
	Episodes   []Episode   `json:"episodes"`
	Journeys   []Journey   `json:"journeys"`
}

// Viewers are in people; 0 when the data has no figure.
type Viewers struct {
	Premiere int     `json:"premiere"`
	Finale   int     `json:"finale"`
	Mean     float64 `json:"mean"`
}

// Castaway is one castaway's game in one season.
type Castaway struct {
	ID            string   `json:"id"`         // ours: the contestant id lists use
	SurvivorID    string   `json:"survivorId"` // survivoR's, e.g. US0201
	Season        string   `json:"season"`
	Name          string   `json:"name"`
	ShortName     string   `json:"shortName"`
	Age           int      `json:"age,omitempty"`
	Hometown      string   `json:"hometown,omitempty"`
	Occupation    string   `json:"occupation,omitempty"`
	Place         int      `json:"place"`
	Result        string   `json:"result"`
	Day           int      `json:"day"`     // the last day they played
	Episode       int      `json:"episode"` // the episode they left in
	OriginalTribe string   `json:"originalTribe"`
	Tribes        []string `json:"tribes"` // every tribe they were on, in order
	Jury          bool     `json:"jury"`
	Finalist      bool     `json:"finalist"`
	Winner        bool     `json:"winner"`
	Stats
	Scores   *Scores `json:"scores,omitempty"`
	GameRank int     `json:"gameRank,omitempty"` // 1 = the best overall score of the cast
	CastSize int     `json:"castSize"`           // their season's, what GameRank is out of
}

// Stats are counts that add up across seasons.
type Stats struct {
	VotesCast        int     `json:"votesCast"`
	VotesReceived    int     `json:"votesReceived"` // nullified ones left out
	BootVotes        int     `json:"bootVotes"`     // votes cast for the one who went home
	IdolsFound       int     `json:"idolsFound"`
	IdolsPlayed      int     `json:"idolsPlayed"`
	AdvantagesFound  int     `json:"advantagesFound"` // other than idols
	AdvantagesPlayed int     `json:"advantagesPlayed"`
	JuryVotes        int     `json:"juryVotes"` // received as a finalist
	Confessionals    int     `json:"confessionals"`
	Expected         float64 `json:"expectedConfessionals"` // what an even edit would give
}

// Add adds o's counts to s (a person's totals over their seasons).
func (s *Stats) Add(o Stats) {
	s.VotesCast += o.VotesCast
	s.VotesReceived += o.VotesReceived
	s.BootVotes += o.BootVotes
	s.IdolsFound += o.IdolsFound
	s.IdolsPlayed += o.IdolsPlayed
	s.AdvantagesFound += o.AdvantagesFound
	s.AdvantagesPlayed += o.AdvantagesPlayed
	s.JuryVotes += o.JuryVotes
	s.Confessionals += o.Confessionals
	s.Expected += o.Expected
}

// Scores are survivoR's per-season scores, 0 to 1 each.
type Scores struct {
	Overall   float64 `json:"overall"`
	Outwit    float64 `json:"outwit"`
	Outplay   float64 `json:"outplay"`
	Outlast   float64 `json:"outlast"`
	Challenge float64 `json:"challenge"`
	Vote      float64 `json:"vote"`
	Advantage float64 `json:"advantage"`
	Jury      float64 `json:"jury"`
}

// Tribe is one tribe of a season, with its colour ("#e5a954").
type Tribe struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Status string `json:"status"` // Original, Swapped, Merged…
}

// Phase is the tribes' make-up from an episode on.
type Phase struct {
	Episode int          `json:"episode"`
	Day     int          `json:"day"`
	Tribes  []PhaseTribe `json:"tribes"`
}

// PhaseTribe is one tribe and its members in a phase.
type PhaseTribe struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Members []string `json:"members"`
}

// Boot is one departure, in order.
type Boot struct {
	Order    int    `json:"order"`
	Castaway string `json:"castaway"`
	Episode  int    `json:"episode"`
	Day      int    `json:"day"`
	Result   string `json:"result"`
}

// Council is one tribal council: its votes, round by round (a tie's revote is round 2).
type Council struct {
	Order       int      `json:"order"` // the boot order it decided
	Episode     int      `json:"episode"`
	Day         int      `json:"day"`
	Tribe       string   `json:"tribe"`
	TribeStatus string   `json:"tribeStatus"`
	Out         []string `json:"out"`
	Votes       []Vote   `json:"votes"`
}

// Vote is one vote cast at a council.
type Vote struct {
	Round     int    `json:"round"`
	Voter     string `json:"voter"`
	Target    string `json:"target,omitempty"` // "" when the voter did not vote for a castaway
	Nullified bool   `json:"nullified,omitempty"`
	Tie       bool   `json:"tie,omitempty"`
	Event     string `json:"event,omitempty"` // an advantage or twist that changed the vote
	Outcome   string `json:"outcome,omitempty"`
	Immune    string `json:"immunity,omitempty"`
}

// Advantage is an idol or advantage and everything that happened to it.
type Advantage struct {
	Type       string           `json:"type"`
	Clue       string           `json:"clue,omitempty"`
	Location   string           `json:"location,omitempty"`
	Conditions string           `json:"conditions,omitempty"`
	Events     []AdvantageEvent `json:"events"`
}

// AdvantageEvent is a find, a pass or a play.
type AdvantageEvent struct {
	Castaway       string `json:"castaway"`
	Event          string `json:"event"`
	Episode        int    `json:"episode"`
	Day            int    `json:"day"`
	PlayedFor      string `json:"playedFor,omitempty"`
	Success        string `json:"success,omitempty"`
	VotesNullified int    `json:"votesNullified,omitempty"`
}

// JuryVote is one juror's vote for one finalist.
type JuryVote struct {
	Juror    string `json:"juror"`
	Finalist string `json:"finalist"`
}

// Episode is one episode as it aired.
type Episode struct {
	Number  int     `json:"number"`
	Overall int     `json:"overall"`
	Title   string  `json:"title"`
	Date    string  `json:"date,omitempty"`
	Minutes int     `json:"minutes,omitempty"`
	Viewers int     `json:"viewers,omitempty"`
	IMDb    float64 `json:"imdb,omitempty"`
	Ratings int     `json:"ratings,omitempty"`
	Left    int     `json:"left"` // castaways still in the game when it ended
}

// Journey is a journey a castaway went on and what it offered.
type Journey struct {
	Episode  int    `json:"episode"`
	Castaway string `json:"castaway"`
	Reward   string `json:"reward,omitempty"`
	LostVote bool   `json:"lostVote,omitempty"`
	Game     string `json:"game,omitempty"`
	Event    string `json:"event,omitempty"`
}
