package lists

import "testing"

func TestOwnerOnly(t *testing.T) {
	if CanEdit("u1", "u1") != nil || CanDelete("u1", "u1") != nil {
		t.Error("the owner may edit and delete")
	}
	if CanEdit("u2", "u1") == nil || CanDelete("u2", "u1") == nil {
		t.Error("someone else may not edit or delete")
	}
}
