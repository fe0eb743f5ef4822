package lists

import (
	"net/url"
	"reflect"
	"testing"

	"castaway/internal/model"
	"castaway/internal/problem"
)

func TestBrowseQueryOf(t *testing.T) {
	q, err := BrowseQueryOf(url.Values{"tag": {"social", "social", SeasonRankingTag}, "sort": {string(model.SortMostVotes)}, "page": {"3"}, "franchise": {"AU"}})
	want := model.BrowseQuery{Type: model.TypeAll, Sort: model.SortMostVotes, Tags: []string{"social", SeasonRankingTag}, Page: 3, PageSize: BrowsePageSize, Franchise: "AU"}
	if err != nil || !reflect.DeepEqual(q, want) {
		t.Fatalf("BrowseQueryOf = %+v, %v; want %+v", q, err, want)
	}
	for _, v := range []url.Values{{"type": {"x"}}, {"sort": {"x"}}, {"tag": {"x"}}, {"franchise": {"au"}}, {"franchise": {"Mars"}}, {"page": {"0"}}, {"page": {"16777217"}}} {
		if _, err := BrowseQueryOf(v); err == nil {
			t.Errorf("%v accepted", v)
		} else if p, ok := problem.As(err); !ok || p.Kind != problem.Invalid || p.Code != "validation" {
			t.Errorf("%v: %v", v, err)
		}
	}
}
