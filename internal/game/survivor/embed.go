// Package survivor is the survivoR data set as published (README.md says what each file
// holds; LICENSE.md is its MIT licence, shipped with the binary): the game castaway starts
// with before an operator imports a newer copy.
package survivor

import "embed"

// Files holds every JSON file of the data set and its licence.
//
//go:embed *.json LICENSE.md
var Files embed.FS
