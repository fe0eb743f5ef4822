package lists

import (
	"reflect"
	"testing"
	"time"
)

func TestIDs(t *testing.T) {
	var got []string
	for id := range IDs(time.UnixMilli(1700000000123)) {
		if got = append(got, id); len(got) == 3 {
			break
		}
	}
	if want := []string{"list_1700000000123", "list_1700000000124", "list_1700000000125"}; !reflect.DeepEqual(got, want) {
		t.Errorf("IDs = %v, want %v", got, want)
	}
}

func TestPublic(t *testing.T) {
	yes, no := true, false
	if !Public(nil) || !Public(&yes) || Public(&no) {
		t.Error("a list is public unless the client says otherwise")
	}
}
