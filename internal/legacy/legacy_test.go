package legacy

import (
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/problem"
)

func TestValidate(t *testing.T) {
	cat := catalog.MustLoad()
	got, err := Validate(cat, Input{
		Maddys:   []lists.ItemInput{{ID: "s20", IsSeason: true}},
		Kendalls: []lists.ItemInput{{ID: "reem-daley"}, {ID: "cirie-fields"}},
	})
	if err != nil || len(got.Maddys) != 1 || got.Andrews == nil || len(got.Andrews) != 0 ||
		got.Kendalls[0].ID != "reem-daly" || got.Kendalls[1].Name != "Cirie Fields" {
		t.Fatalf("Validate = %+v, %v", got, err)
	}
	for field, in := range map[string]Input{
		"maddysList":   {Maddys: []lists.ItemInput{{ID: "s20", IsSeason: true}, {ID: "cirie-fields"}}},
		"andrewsList":  {Andrews: []lists.ItemInput{{ID: "nobody-at-all"}}},
		"kendallsList": {Kendalls: []lists.ItemInput{{ID: "cirie-fields"}, {ID: "cirie-fields"}}},
	} {
		_, err := Validate(cat, in)
		if p, ok := problem.As(err); !ok || p.Kind != problem.Invalid || p.Field != field {
			t.Errorf("%s: %v", field, err)
		}
	}
}
