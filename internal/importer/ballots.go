package importer

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"castaway/internal/global"
	"castaway/internal/legacy"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// globalBallots brings each user's global top-10 ballots across: the tolerated
// {contestants: [...]} form is read too, a short ballot is filled with empty slots,
// and a slot castaway would refuse (unknown, another season's, a repeat) is emptied.
func (p *planner) globalBallots() {
	for _, uid := range sortedKeys(p.exp.UserGlobalRankings) {
		polls := p.exp.UserGlobalRankings[uid]
		for _, pollID := range sortedKeys(polls) {
			ref := fmt.Sprintf("ballot of %q in %q", uid, pollID)
			var sub Submission
			if err := json.Unmarshal(polls[pollID], &sub); err != nil {
				p.rep.skip("ballots", 1, "%s: unreadable (%s)", ref, shortErr(err))
				continue
			}
			season, ok := p.st.Polls[pollID]
			if !ok {
				p.rep.skip("ballots", 1, "%s: castaway has no such global ranking", ref)
				continue
			}
			ballot, notes, err := p.ballot(season, sub.Ranking)
			if err != nil {
				p.rep.skip("ballots", 1, "%s: %v", ref, err)
				continue
			}
			p.ballots[pollID] = append(p.ballots[pollID], ballot.IDs())
			switch {
			case p.imported("ballot", uid+"/"+pollID):
				p.rep.already("ballots")
				continue
			case !p.accounts[uid]:
				p.rep.skip("ballots", 1, "%s: the voter has no account", ref)
				continue
			}
			for _, n := range notes {
				p.rep.repair("%s: %s", ref, n)
			}
			p.emit(store.DemoBatch{
				Ballots:  []store.DemoBallot{{PollID: pollID, UserID: uid, Ranking: ballot.IDs(), SubmittedAt: orNow(sub.SubmittedAt, p.now)}},
				Imported: []store.Imported{{Kind: "ballot", ID: uid + "/" + pollID}},
			})
			p.rep.imported("ballots", 1)
		}
	}
}

func (p *planner) ballot(season string, raw json.RawMessage) (global.Ballot, []string, error) {
	slots, err := global.ParseRanking(raw)
	if err != nil {
		return nil, nil, err
	}
	var notes []string
	if len(slots) > global.Slots {
		notes = append(notes, fmt.Sprintf("%d slots, the first %d kept", len(slots), global.Slots))
		slots = slots[:global.Slots]
	}
	if len(slots) < global.Slots {
		notes = append(notes, fmt.Sprintf("%d slots, filled to %d with empty ones", len(slots), global.Slots))
		slots = append(slots, make([]*string, global.Slots-len(slots))...)
	}
	seen := map[string]bool{}
	for i, s := range slots {
		if s == nil || *s == "" {
			continue
		}
		alone := make([]*string, global.Slots)
		alone[i] = s
		b, err := global.Check(p.cat, season, alone)
		if err == nil && seen[b[i].ID] {
			err = fmt.Errorf("%s twice", b[i].Name)
		}
		if err != nil {
			notes = append(notes, fmt.Sprintf("slot %d emptied: %v", i+1, err))
			slots[i] = nil
			continue
		}
		seen[b[i].ID] = true
	}
	b, err := global.Check(p.cat, season, slots)
	return b, notes, err
}

// compareAggregates recounts each stored global result from the export's ballots and
// says whether they agree; castaway keeps its own recount either way.
func (p *planner) compareAggregates() {
	nameOf := global.NameOf(p.cat)
	for _, pollID := range sortedKeys(p.exp.GlobalRankingsData) {
		stored := p.exp.GlobalRankingsData[pollID]
		ballots := p.ballots[pollID]
		recount := map[string]int{}
		for _, sc := range model.Tally(ballots, nameOf) {
			recount[sc.ContestantID] = sc.TotalScore
		}
		var diffs []string
		if int(stored.TotalVotes) != len(ballots) {
			diffs = append(diffs, fmt.Sprintf("totalVotes %v, ballots %d", stored.TotalVotes, len(ballots)))
		}
		for _, e := range stored.Top10 {
			id := p.cat.CurrentID(e.ID)
			if got := recount[id]; math.Abs(e.TotalScore-float64(got)) > 0.5 {
				diffs = append(diffs, fmt.Sprintf("%q %v points stored, %d recounted", e.Name, e.TotalScore, got))
			}
		}
		if len(diffs) == 0 {
			p.rep.Results = append(p.rep.Results, fmt.Sprintf("global ranking %q: the stored results agree with the recount of its %d ballot(s)", pollID, len(ballots)))
		} else {
			p.rep.Results = append(p.rep.Results, fmt.Sprintf("global ranking %q: the stored results differ from the recount (%s); castaway shows the recount",
				pollID, strings.Join(diffs, "; ")))
		}
	}
}

// legacy brings rankings/current across when castaway's record is still empty.
func (p *planner) legacy() *model.LegacyRecord {
	doc, ok := p.exp.Rankings["current"]
	switch {
	case !ok:
		return nil
	case p.imported("legacy", "current"):
		p.rep.already("legacy record")
		return nil
	case !p.st.LegacyEmpty:
		p.rep.skip("legacy record", 1, "rankings/current: castaway's legacy record already holds lists, kept as it is")
		return nil
	}
	var in [3][]lists.ItemInput
	for i, l := range []struct {
		name  string
		items []Item
	}{{"maddysList", doc.MaddysList}, {"andrewsList", doc.AndrewsList}, {"kendallsList", doc.KendallsList}} {
		var notes []string
		in[i], notes = p.repairItems(l.items)
		for _, n := range notes {
			p.rep.repair("rankings/current %s: %s", l.name, n)
		}
	}
	rec, err := legacy.Validate(p.cat, legacy.Input{Maddys: in[0], Andrews: in[1], Kendalls: in[2]})
	if err != nil {
		p.rep.skip("legacy record", 1, "rankings/current: %v", err)
		return nil
	}
	p.rep.imported("legacy record", 1)
	return &model.LegacyRecord{Lists: rec, LastUpdated: orNow(doc.LastUpdated, p.now)}
}
