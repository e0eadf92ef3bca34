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

# Designer statistics' names (tables, rows and columns of each game's `DesignerStats`, and the
# engine's shared ones), by the English name the statistics record: `stat-<name in lower case, runs of
# other characters as one hyphen>`; a name with a number (`after round 3`, `4 players`) is the message
# of the name without it, with $n. A name with no message (a card's name) is shown as recorded.
stat-end-triggers = end triggers
stat-share-of-games-ended = share of games ended
stat-drawn = drawn
stat-drawn-in-game = drawn in game
stat-improvement-when-drawn-same-game = improvement when drawn (same game)
stat-win-rate-drew-it = win rate, drew it
stat-win-rate-did-not-draw-it = win rate, did not draw it
stat-cards-drawn-improvement-when-drawn = cards drawn: improvement when drawn
stat-fifth-round-ended = fifth round ended
stat-draw-pile-exhausted = draw pile exhausted
stat-a-table-turn-passed-with-no-play = a table turn passed with no play
stat-creature-survival = creature survival
stat-creature-survived = creature survived
stat-prediction-value-by-round = prediction value by round
stat-prestige-scored = prestige scored
stat-owner-won = owner won
stat-at-the-end = at the end
stat-sage-defeated = Sage defeated
stat-turn-limit-reached = turn limit reached
stat-bought-in-game = bought in game
stat-cards-played-impact = cards played: impact
stat-impact-buyers-others-same-game = impact (buyers - others, same game)
stat-impact-players-others-same-game = impact (players - others, same game)
stat-market-cards-taken-and-impact = market cards: taken and impact
stat-taken-when-offered-rate = taken when offered (rate)
stat-win-rate-buyers = win rate, buyers
stat-win-rate-others = win rate, others
stat-win-rate-players = win rate, players
stat-vp-pool-emptied = VP pool emptied
stat-round-limit-reached = round limit reached
stat-actions = actions
stat-advancements = advancements
stat-advancements-card-impact = advancements: card impact
stat-advancements-improvement-when-drawn = advancements: improvement when drawn
stat-amulets-pick-rate-and-impact = amulets: pick rate and impact
stat-bought-per-game = bought per game
stat-bought-per-other-player = bought per other player
stat-bought-per-winner = bought per winner
stat-card-impact = card impact
stat-copies-bought-per-game = copies bought per game
stat-first-player-win-rate = first player win rate
stat-games-by-player-count = games by player count
stat-held-in-game = held in game
stat-impact-holder-others-same-game = impact (holder - others, same game)
stat-leaders-pick-rate-and-impact = leaders: pick rate and impact
stat-mean-score = mean score
stat-pick-rate-when-offered = pick rate when offered
stat-purchases-by-level = purchases by level
stat-rounds = rounds
stat-score-from-it-per-buyer = score from it, per buyer
stat-score-buyers = score, buyers
stat-score-holder = score, holder
stat-score-others = score, others
stat-share-of-purchases = share of purchases
stat-vales = vales
stat-vales-card-impact = vales: card impact
stat-win-rate-holder = win rate, holder
stat-winning-score = winning score
stat-a-pile-ran-out-a-second-time = a pile ran out a second time
stat-every-enemy-spirit-destroyed = every enemy spirit destroyed
stat-impact-its-side-other-same-game = impact (its side - other, same game)
stat-last-round-ended-draw = last round ended (draw)
stat-on-the-field-at-the-end = on the field at the end
stat-spirits-survival-and-impact = spirits: survival and impact
stat-win-rate-its-side = win rate, its side
stat-after-round-n = after round { $n }
stat-round-n = round { $n }
stat-secret-round-n = secret, round { $n }
stat-players-n = { $n } players
