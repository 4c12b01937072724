import Testing

/// Every end-to-end suite is nested in this one, so they run one test at a time: `.serialized`
/// applies to everything inside, while Swift Testing would otherwise run separate suites (and
/// their tmux servers and `per` processes) in parallel on a machine that may have two cores.
@Suite(.serialized) enum EndToEnd {}
