# The command line's own words (`sylvan play`, `sylvan replay`); the games' words are in each game's
# catalog. Arguments: $seat is a seat (p0); $game is the game's name, a notation; $bot a bot spec.

## play

play-help = type the number of an action or its notation; {"`view`"} shows the table again, {"`help`"} lists the notations, {"`quit`"} stops (saving the record if {"--record"} was given)
play-header = { $game }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, seed { $seed }: { $table }
play-seat-you = { $seat } you
play-seat-other = { $seat } { $who }
play-your-move = your move:
play-over = game over after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
# The label of the breakdown's totals line.
play-total = total
play-final-scores = final scores: { $scores }
play-score = { $seat } { $score }
play-score-separator = {" · "}
play-no-number = no action number { $number }: choose 1 to { $count }
play-not-legal = `{ $action }` is not one of your legal actions now
play-bad-input = { $error }; type a number from 1 to { $count }, or {"`help`"}
play-record-saved = record saved to { $path }
play-left = you left the game at move { $moves }
play-input-ended = input ended at move { $moves }; the game is saved

## results

result-none = no winner
result-draw = draw
result-winner = winner: { $seat }
result-winners = winners (shared): { $seats }

## replay

replay-header = { $game }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $moves ->
    [one] { $moves } move replayed
   *[other] { $moves } moves replayed
}, { $over ->
    [yes] game over
   *[no] { $seat } to move
}
replay-view = == view of { $seat } ==
replay-scores = { $over ->
    [yes] final scores: { $scores }
   *[no] current scores: { $scores }
}

## errors (the line `main` prints; the causes after it come from the command)

error-line = error: { $error }
error-seat-not-number = seat `{ $seat }` is not a seat number (write 0, 1, ... or p0, p1, ...)
error-seat-missing = seat `{ $seat }` does not exist at a table of { $seats } (seats are 0 to { $last })
error-bot-count = --bots `{ $bots }`: { $given ->
    [one] { $given } bot spec
   *[other] { $given } bot specs
} for { $count } { $whose ->
    [game] bot seats (the others are played by the game)
    [bots] bot seats
   *[all] seats
} (give one for all, or one per seat in order)
error-seat-automated = --seat { $seat }: that seat is { $who }; choose another seat
error-option = option `{ $field }`: { $problem }
error-malformed-json = { $file }: malformed JSON at line { $line }, column { $column }: `{ $error }`
error-not-record = { $file }: not a game record (no {"`game`"} field with the game's name)
error-upto = --upto { $upto }: the record has only { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}
error-one-judge = --bot `{ $bot }`: one bot judges, not a list of bots; give one spec, e.g. `{ $first }`
error-no-card-database = `{ $game }` has no card database (games with one: { $games })
error-no-card-files = --game `{ $game }` has no card files (use { $games })
error-no-conclaves = `{ $game }` has no conclaves
error-no-card-section = { $file }: no card section of any game found; use --game ({ $games })
error-several-games = { $file }: has card sections of several games ({ $games }); use --game

## games

games-line = { $game }  ({ $min } to { $max } players)  { $summary }
games-option = { $name } default { $default } { $help }
games-shorthands = shorthands: { $flags }
games-bots = bots: { $bots }

## sim

sim-header = { $game }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, seed { $seed }, { $threads ->
    [one] { $threads } thread
   *[other] { $threads } threads
}; { $bots }
sim-seat-wins = wins by seat:   { $wins }
sim-seat-win = { $seat } { $wins } ({ $rate })
sim-bot-wins = wins by bot:    { $wins }
sim-bot-win = { $bot } { $wins } of { $games } seat-games ({ $rate })
sim-mean-score = mean score:     { $scores }
sim-moves = moves per game: { $mean } (min { $min }, max { $max })
sim-speed = speed:          { $games } games/s, { $moves } moves/s ({ $seconds } s)

## analyze

analyze-header = { $game }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}; judged by `{ $bot }` ({ $plays }) from each seat's view
analyze-col-move = move
analyze-col-seat = seat
analyze-col-before = before
analyze-col-after = after
analyze-col-loss = loss
analyze-col-played = played
analyze-col-preferred = preferred
analyze-count = { $decisions ->
    [one] { $decisions } decision analysed
   *[other] { $decisions } decisions analysed
}, { $forced ->
    [one] { $forced } forced move skipped
   *[other] { $forced } forced moves skipped
}
analyze-seat = { $seat }: { $decisions ->
    [one] { $decisions } decision
   *[other] { $decisions } decisions
}, { $agree } as the bot would play, total loss { $loss }
analyze-blunders = biggest blunders:
analyze-blunder = move { $move } { $seat }: played { $played } ({ $after }), { $preferred } was { $before } (−{ $points } points)
analyze-final = final scores: { $scores }; { $result }

## tournament

tournament-header = { $game }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, seed { $seed }, { $threads ->
    [one] { $threads } thread
   *[other] { $threads } threads
}, { $seconds } s
tournament-col-bot = bot
tournament-col-games = games
tournament-col-wins = wins
tournament-col-rate = win rate (95% CI)
tournament-col-rating = rating (95% CI)
tournament-col-score = mean score
tournament-matrix = win rate of row against column (95% CI):
tournament-first-seat = first-seat win rate: { $rate } (by seat: { $seats })
tournament-moves = moves per game:      { $mean } (min { $min }, max { $max })
tournament-search = search (per searched decision):
tournament-search-line = { $bot }  { $iterations } iterations/s, { $determinizations } determinizations/s, { $per_decision } iterations, { $nodes } tree nodes, { $ms } ms per decision ({ $searched } of { $decisions } decisions searched)
report-written = report: { $path }

## balance

balance-header = { $game }: { $games ->
    [one] { $games } paired game
   *[other] { $games } paired games
} ({ $stopped ->
    [interval] interval
   *[other] game cap
}), { $players ->
    [one] { $players } player
   *[other] { $players } players
}, bots { $bots }, seed { $seed }
# A game's summary in `sylvan games`, by its registry name (a game not listed here shows the registry's).
games-summary-equinox = Equinox (Reiner Knizia): 2 to 5 players
games-summary-mystic-vale = Mystic Vale (AEG): 2 to 4 players, the base set and its expansions
games-summary-command-of-nature = Command of Nature: 2 players, or 2v2 teams
games-summary-spirit-duel = The spirit duel: 1v1, or solo against its Robot
