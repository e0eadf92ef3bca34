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

# Designer tables' captions: what each table shows and how to read its cells. A game records the id
# `stat-caption-<game>-<slug of the table's name>` (the end triggers' is shared); the reports word it.
stat-caption-end-triggers = Which end condition ended each game: per condition, the share of games it ended.
stat-caption-mystic-vale-advancements-card-impact = Per advancement title, by level: the share of games in which some player bought it, copies bought per game, its take rate when offered (at each purchase, every title face up in the commons or the Fertile Soil supply counts once), the win rate of the players who bought it and of those who did not (a shared win counts 1/k), the difference within games where both sat at the table (the card impact), the mean final score of each group, and the VP printed on the copies each buyer held at the end (its score contribution).
stat-caption-mystic-vale-vales-card-impact = Per vale title, by level: as for advancements (buy rate, copies per game, take rate when face up in the vale row at a vale purchase, win rate of buyers and others, their difference within a game, mean final scores, and the vale's VP per buyer).
stat-caption-mystic-vale-advancements-improvement-when-drawn = Per advancement title: the share of games in which some player drew it (a card carrying it came into the player's field), the win rate of the players who drew it and of those who did not, and their difference within a game (the improvement when drawn).
stat-caption-mystic-vale-purchases-by-level = Purchases per level: per game (all players), per winner and per other player, and the level's share of the game's advancement (or vale) purchases.
stat-caption-mystic-vale-games-by-player-count = Per player count: the first player's win rate (the starting player, chosen by the mana tokens), rounds and actions per game, the winning and the mean final score.
stat-caption-mystic-vale-leaders-pick-rate-and-impact = Per leader: the share of games in which a player held it, its pick rate when offered (draft table, the two dealt, or dealt at random), the win rate of its holder and of the others (a shared win counts 1/k), their difference within a game, and the mean final scores.
stat-caption-mystic-vale-amulets-pick-rate-and-impact = Per amulet: as for leaders (held at the end, pick rate when offered, win rate of its holder and of the others, their difference within a game, mean final scores); a traded amulet is not held.
stat-caption-equinox-creature-survival = Share of games in which each creature (when it is a champion) is still in play after each round that ended with an elimination, and at the end.
stat-caption-equinox-prediction-value-by-round = Stones placed in each round (predictions and Griso's stone; secret predictions apart): the share whose creature survived, the prestige each scored, and the share of games its owner won.
stat-caption-equinox-cards-drawn-improvement-when-drawn = Per card held in hand at some point (the opening hand included; the copies of a tree count as one): the share of games in which some player drew it, the win rate of the players who drew it and of the others (a shared win counts 1/k), and their difference within a game (the improvement when drawn).
stat-caption-command-of-nature-market-cards-taken-and-impact = Per market card: the share of the games in which it was face up at a purchase where some player bought it, its take rate when offered (at each purchase, each face-up card of that market counts once), the win rate of its buyers and of the others (a side's win counts for both partners, a draw 1/2), and their difference within a game.
stat-caption-command-of-nature-cards-played-impact = Per card played (summoned, played, or used as an instant), in the games where it was played: the win rate of the players who played it and of the others, and their difference within a game (the improvement when played).
stat-caption-command-of-nature-cards-drawn-improvement-when-drawn = Per card drawn (held in hand at some point, the opening hand included): the share of games in which some player drew it, the win rate of the players who drew it and of the others, and their difference within a game (the improvement when drawn).
stat-caption-spirit-duel-cards-drawn-improvement-when-drawn = Per card held in hand at some point (the opening hand included): the share of games in which some side drew it, the win rate of the sides that drew it and of the others (a draw counts 1/2), and their difference within a game (the improvement when drawn).
stat-caption-spirit-duel-cards-played-impact = Per card played by a seat (an attack, a support or a defence): the win rate of the sides that played it and of the others, and their difference within a game.
stat-caption-spirit-duel-spirits-survival-and-impact = Per spirit fielded: the share of games in which it was still on the field at the end, the win rate of its side and of the other, and their difference within a game.
