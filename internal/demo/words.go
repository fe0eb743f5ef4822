package demo

// Word pools and templates for believable names, titles, descriptions and comments.
// %[1]s and friends are filled by the generator; every result is checked against the
// product limits (names 50, descriptions 200, comments 500 characters) by lists.ValidateList.

var firstNames = []string{
	"Maddy", "Andrew", "Kendall", "Tyler", "Jordan", "Riley", "Casey", "Morgan", "Avery", "Quinn",
	"Jamie", "Taylor", "Drew", "Sam", "Alex", "Chris", "Dana", "Erin", "Frankie", "Gabe",
	"Harper", "Isaac", "Jess", "Kai", "Logan", "Mia", "Noah", "Olivia", "Priya", "Rosa",
	"Sofia", "Theo", "Uma", "Victor", "Wes", "Yara", "Zoe", "Ben", "Carla", "Dev",
	"Ellie", "Finn", "Grace", "Hank", "Ivy", "Jules", "Kit", "Luca", "Nina", "Omar",
	"Pete", "Ruby", "Simone", "Tess", "Vic", "Will", "Ximena", "Yusuf", "Zack", "Ana",
	"Bea", "Cole", "Dot", "Eli", "Fay", "Gus", "Hugo", "Iris", "Jade", "Kira",
	"Leo", "Maya", "Ned", "Opal", "Paz", "Reggie", "Sage", "Tomas", "Val", "Wren",
}

var handleWords = []string{
	"Blindside", "Idol", "Torch", "Tribal", "Merge", "Jury", "Immunity", "Buff", "Fire", "Castaway",
	"Outwit", "Outplay", "Outlast", "Puzzle", "Reward", "Swap", "Vote", "Hidden", "Alliance", "Island",
	"Beach", "Shelter", "Coconut", "Tree", "Mail", "Loved", "Ones", "Final", "Three", "Edge",
}

var handleNouns = []string{
	"Hunter", "Queen", "King", "Fan", "Nerd", "Guru", "Addict", "Watcher", "Scholar", "Junkie",
	"Boss", "Legend", "Rookie", "Titan", "Goat", "Whisperer", "Historian", "Superfan", "Critic", "Stan",
}

var surnameInitials = []string{"A", "B", "C", "D", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S", "T", "V", "W"}

// legends are boosted: every fan's lists keep coming back to them.
var legends = []string{
	"Parvati", "Rob Mariano", "Sandra", "Cirie", "Tony Vlachos", "Russell Hantz", "Boston", "Ozzy",
	"Kim Spradlin", "Rob Cesternino", "Yul", "Sarah Lacina", "Tyson", "Jeremy Collins", "Natalie Anderson",
	"Michele", "Wendell", "Kenzie", "Maryanne", "Gabler", "Dee Valladares", "Kyle Fraser", "Rachel LaMont",
	"Coach", "Malcolm", "Aubry", "Ciera", "Richard Hatch", "Rupert", "Colby", "Amanda Kimmel", "Denise",
}

// Single-season contestant lists: %[1]s is the season's short name.
var seasonListNames = []string{
	"My %[1]s ranking", "%[1]s: best to worst", "Ranking the cast of %[1]s", "%[1]s castaways, ranked",
	"%[1]s after a rewatch", "Every %[1]s player ranked", "%[1]s power rankings", "My %[1]s favorites",
	"%[1]s, from goat to GOAT", "How I'd rank %[1]s",
}

// Multi-season contestant lists: %[1]s is the era as an adjective ("new-era"), %[2]d
// the number of items. The generator capitalizes the first letter.
var eraListNames = []string{
	"Top %[2]d %[1]s players", "My %[1]s all-stars", "Best %[1]s strategists",
	"Favorite %[1]s villains", "%[1]s legends", "%[1]s challenge beasts", "Underrated %[1]s players",
	"Top %[2]d castaways I'd want on my tribe", "All-time favorite players", "My Survivor Mount Rushmore (and friends)",
	"Best social games ever", "Most iconic blindsiders", "Players who deserved to win", "Fan favorites, ranked",
	"%[1]s fan favorites", "%[1]s players who got robbed",
}

// Season lists: %[2]d is the number of items.
var seasonRankNames = []string{
	"Top %[2]d Survivor seasons", "Every season I've watched, ranked", "Seasons to rewatch first",
	"Best seasons for new fans", "My season tier list, top %[2]d", "Seasons ranked by how often I rewatch them",
	"Best returnee seasons", "The %[2]d greatest seasons", "Survivor seasons, best to worst",
}

var eras = []struct {
	Name     string
	From, To int
}{
	{"old-school", 1, 15}, {"middle-era", 16, 30}, {"modern", 25, 40}, {"new-era", 41, 50},
	{"all-time", 1, 50}, {"all-time", 1, 50}, {"2010s", 20, 39},
}

var descriptions = []string{
	"After my third full rewatch, this is where I landed. Fight me in the comments.",
	"Ranked on strategy, social game and how much I enjoyed watching them.",
	"%[1]s at #1 was never in doubt. The rest took me a week.",
	"Purely vibes. Don't take it too seriously.",
	"I tried to balance gameplay and entertainment. %[1]s edges out %[2]s by a hair.",
	"Updated after the finale. Some big moves in the middle.",
	"My partner and I argued about this for hours; this is my version.",
	"Hot take: %[2]s is better than people remember.",
	"Ranked by how much I'd want them on my tribe.",
	"Based on the edit, the confessionals and the jury votes.",
	"",
	"",
}

var commentTexts = []string{
	"%[1]s at #1 is the only correct answer.",
	"Great list! I'd swap %[1]s and %[2]s though.",
	"No way %[2]s is that low. Rewatch their season!",
	"This is almost exactly my ranking.",
	"Interesting take on %[1]s. I never thought of it that way.",
	"Finally someone gives %[2]s the credit they deserve.",
	"Where is the love for %[3]s?",
	"Respectfully, this list is chaos. I love it.",
	"Saving this for my next rewatch.",
	"The top three are perfect.",
	"%[1]s over %[3]s? Bold.",
	"I keep coming back to this list.",
}

var replyTexts = []string{
	"Agreed, 100%%.",
	"Hard disagree, but I respect it.",
	"%[1]s carried that season, honestly.",
	"You have to factor in the edit though.",
	"Came here to say this.",
	"Ha! We'll have to agree to disagree.",
	"Rewatched it last month and I think you're right.",
	"This is the way.",
}
