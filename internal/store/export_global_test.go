package store

// PollTopQuery is exposed to the tests, which check its plan.
const PollTopQuery = pollTopQuery
