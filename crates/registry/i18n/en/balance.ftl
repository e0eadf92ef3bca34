# The balance lab's summary in words (`sylvan balance`, the first lines of its text and of its HTML
# report). $a and $b are an arm's value with its interval (`41% [35–47]`); $diff the difference B − A
# with its interval, or nothing; $what a metric's name (the lab's own, below, or a game's designer
# statistic, which is the game's data).

balance-identical = A and B gave identical games in all { $games ->
    [one] { $games } pair
   *[other] { $games } pairs
}: nothing changed.
balance-over = Over { $games ->
    [one] { $games } paired game
   *[other] { $games } paired games
}, { $flagged } of { $tested ->
    [one] { $tested } metric
   *[other] { $tested } metrics
} changed beyond noise (5% false discovery rate).
balance-sentence = { $what } { $change ->
    [rise] rises from { $a } under A to { $b } under B
    [fall] falls from { $a } under A to { $b } under B
   *[same] is { $a } under A, { $b } under B
}{ $diff }
# The difference after a sentence: $d the difference, $lo and $hi its interval (when it has one).
balance-diff = {" "}({ $d }{ $share ->
    [yes] {" "}points
   *[no] {""}
} [{ $lo }, { $hi }])
balance-diff-bare = {" "}({ $d }{ $share ->
    [yes] {" "}points
   *[no] {""}
})
balance-flagged = { $sentence }.
balance-more = … and { $n ->
    [one] { $n } more changed metric
   *[other] { $n } more changed metrics
} in the tables below.
balance-verdict = { $sentence }: { $changed ->
    [yes] changed
   *[no] unchanged within noise
}.
balance-arms = { $what } { $a } under A, { $b } under B{ $diff }{ $changed ->
    [yes] {" "}(changed)
   *[no] {""}
}
balance-ends = Games ended by: { $ends }.
balance-ladder = Ladder (Bradley-Terry ratings, Elo scale, mean 0): { $bots }.
# The metric of a cell `row: column`.
balance-cell = { $row }: { $column }
# The lab's own metrics (a game's designer statistics are named by the game).
balance-metric-all-games = all games
balance-metric-first-seat = first-seat win rate
balance-metric-length = moves per game
balance-metric-spread = score spread (best - worst)
balance-metric-winning-score = winning score
balance-metric-mean-score = mean score
balance-metric-draws = draw rate
balance-metric-win-rate = win rate
balance-metric-rating = rating (Bradley-Terry, Elo scale)
balance-metric-seat = seat { $seat }
