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

## play's own errors

play-no-legal = { $game }: no legal action for { $seat } at move { $moves }
play-bot-illegal = bot `{ $bot }` at { $seat } chose the illegal action `{ $action }` at move { $moves }
play-input-error = cannot read the input at move { $moves }: { $error }
# An error that stopped the game once the record was saved ($over: yes when the game had ended).
play-error-saved = { $error }; { $over ->
    [yes] the record of the game is saved to { $path }
   *[no] the record of the game so far is saved to { $path }
}
play-error-and = { $error }; and { $more }
play-input-ended-unsaved = input ended at move { $moves } before the game was over; nothing saved (use {"--record"} FILE)
# A line of input longer than $max bytes (`play`, `join`).
input-too-long = line too long (more than { $max } bytes): ignored
# A flag's value refused: $flag the flag, $value what was given, $error why.
error-flag = { $flag } `{ $value }`: { $error }

## files a command writes (`--record`, `--report`); $what: record or report

output-empty = { $flag }: an empty path
output-directory = { $flag } { $path }: a directory, not a file
output-special = { $flag } { $path }: not a regular file (a FIFO, device or socket); write to a file
output-same-as-input = { $flag } { $path }: the same file as the input { $error }; it would be overwritten
output-error = { $flag } { $path }: { $error }
output-cannot-create = { $flag }: cannot write { $what ->
    [record] the record
   *[report] the report
} to { $path }: cannot create files in { $dir } ({ $error })
output-cannot-write = cannot write { $what ->
    [record] the record
   *[report] the report
} to { $path }: { $error }
output-not-regular = not a regular file

## bench

bench-header = { $game }: { $games ->
    [one] { $games } random playout
   *[other] { $games } random playouts
}, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, seed { $seed }
bench-checksum = checksum:  { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, score sum { $sum }
bench-rate = { $games } games/s, { $moves } moves/s, { $ns } ns/move ({ $seconds } s)
bench-speed = speed:     { $rate }
bench-erased = erased:    { $rate }
bench-slowdown = slowdown:  { $percent }% through {"DynGame"}
bench-time = time:      { $seconds } s
bench-erased-differs = { $game }: the erased playouts differ from the typed ones ({ $erased } vs { $typed })
bench-bot-header = { $game }: { $decisions ->
    [one] { $decisions } decision
   *[other] { $decisions } decisions
} of { $bot }, seed { $seed } (checksum { $checksum })
bench-search = search:    { $iterations } iterations/s, { $determinizations } determinizations/s, { $nodes } tree nodes and { $ms } ms per decision

## balance (the summary's sentences are the lab's: crates/registry/i18n/*/balance.ftl)

balance-until-ci = {"--until-ci"} { $width }: the width must be a positive number
balance-same-options = note: A and B have the same options (give {"--a"} and {"--b"}): every difference will be zero
balance-arms-differ = A seats { $a } players and B { $b }: the arms must seat the same number, the same way
balance-common-options = the common options

## ladder

ladder-not-json = { $file }: not JSON: `{ $error }`
ladder-header = { $game }: { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $games ->
    [one] { $games } game
   *[other] { $games } games
} from { $reports ->
    [one] { $reports } report
   *[other] { $reports } reports
}
ladder-steps = steps, lowest first (95% CI of the step; whether the bots' intervals are apart; meetings):
ladder-step = { $from } → { $to }: { $step } [{ $lo }, { $hi }], intervals { $apart ->
    [yes] apart
   *[no] overlap
}, { $meetings ->
    [one] { $meetings } meeting
   *[other] { $meetings } meetings
}

## serve and create

serve-listening = {"sylvan serve"}: listening on { $url } (database { $db })
serve-links = {"sylvan serve"}: links point to { $url }
serve-db-directory = {"--db"} { $db }: a directory, not a database file
serve-db-special = {"--db"} { $db }: not a regular file (a FIFO, device or socket)
serve-db-unreadable = {"--db"} { $db }: cannot read: { $error }
serve-db-not-sqlite = {"--db"} { $db }: not an {"SQLite"} database (no {"SQLite"} header)
serve-db-error = { $flag } { $db }: { $error }
serve-db-no-dir = {"--db"} { $db }: the directory { $error } does not exist
create-created = game { $id } created on { $server }
create-open = { $open ->
    [one] { $open } open seat
   *[other] { $open } open seats
}: {"POST /api/games/"}{ $id }{"/join"} gives a seat's link

## `-v` on standard error (`play`, `sim`): each bot move, with what its search did. $ms, $rate,
## $determinizations and $nodes are numbers already written the locale's way.

verbose-unsearched = { $decisions ->
    [one] { $decisions } decision
   *[other] { $decisions } decisions
}, none searched (a single legal action)
verbose-search = { $iterations } iterations in { $ms } ms: { $rate } iterations/s, { $determinizations } determinizations/s, { $nodes } tree nodes{ $searched ->
    [one] {""}
   *[other] {" "}per decision over { $searched } searched decisions
}
verbose-move = move { $moves } { $seat } { $bot }: { $action } ({ $stats })
verbose-sim-move = game { $game } move { $moves } { $seat } { $bot } [{ $legal } legal]: { $action }{ $stats ->
    [none] {""}
   *[other] {" "}({ $stats })
}

## A tournament's or the balance lab's `--bots` list (games.rs `schedule`), after `--bots `LIST`: `.
error-bot-twice = {"`"}{ $bot }{"`"} is listed twice (each bot once; the schedule fills the seats)
error-no-bot-seat = the game plays every seat itself: no seat is left for a bot

## The HTML reports of `tournament --report` and `balance --report` (src/report.rs, src/balance_report.rs).
## $command is the command in code type, e.g. `sylvan tournament --json`.

html-same-json = Every number here is in { $command } with the same arguments.
html-t-title = Sylvan tournament: { $game }
html-t-heading = Tournament: { $game }
html-t-bots = Bots
html-col-bot = bot
html-col-games = games
html-col-wins = wins
html-col-rate = win rate
html-col-ci = 95% CI
html-col-rating = rating
html-col-score = mean score
html-t-seats = First-seat win rate { $rate } (by seat: { $seats }). Moves per game: mean { $mean }, min { $min }, max { $max }.
html-t-matrix = Win rate of row against column
html-t-matrix-note = Each pair of seats held by different bots in a game counts once (½ each on equal returns); 95% Wilson intervals.
html-t-ratings = Ratings
html-t-rating-model = Bradley–Terry on pairwise results, Elo scale (400 log10), mean 0; 95% Poisson-bootstrap intervals.
html-t-rating-axis = rating (Elo scale)
html-t-scores = Score distributions
html-t-score-axis = final score
html-t-length = Game length
html-t-length-axis = actions per game
html-axis-games = games
html-t-search = Search
html-col-iterations = iterations/s
html-col-determinizations = determinizations/s
html-col-iterations-decision = iterations per decision
html-col-nodes-decision = tree nodes per decision
html-col-ms-decision = ms per decision
html-t-designer = Designer's view: { $game }
html-t-designer-games = Over { $games ->
    [one] { $games } game
   *[other] { $games } games
}.
html-b-title = Sylvan balance lab: { $game }
html-b-heading = Balance lab: { $game }
html-b-method = Pairing: game g under A and under B, same deal, seats and bot seeds. Intervals: Poisson bootstrap over games, { $replicates } replicates with the same weights for A and B; a difference's 95% interval is the 2.5% and 97.5% quantiles of the replicates' differences (B − A); an arm's is Wilson's 95% interval for a proportion over games, bootstrap quantiles otherwise. Changed: Benjamini–Hochberg at a { $fdr } false discovery rate over { $tested } metrics, p from the bootstrap standard error; at least { $min } games under each arm.
html-b-facts = Game facts
html-b-facts-note = First-seat advantage, length, scores, draws, and which end condition ended the games (the share of games each ended).
html-b-ladder = Bot ladder
html-b-ladder-note = Each bot's win rate (its return; a shared win counts 1/k), mean score and Bradley–Terry rating (Elo scale, mean 0, fitted to the pairwise results as in a tournament; intervals from the bootstrap replicates' fits) under A and B, best under A first.
html-b-largest = Largest differences of rates
html-b-largest-note = B − A in percentage points with its 95% interval, for the rate metrics furthest from zero relative to their noise (largest |z| first).
html-b-largest-axis = B − A (percentage points)
html-b-cards = Card metrics
html-b-no-cards = This game reports no per-card statistics: only the game facts and the ladder above compare A and B.
html-b-cards-note = Every card, leader, amulet or creature metric the game reports, under A and B. Click a header to sort; type to filter (a level: { $level }, a title, a metric).
html-b-filter = filter: L1, a title, win rate…
html-b-every-table = every table
html-b-changed-only = changed only
# The count under the filter, written by the page's script ($shown and $rows are filled in by it).
html-b-count = { $shown } of { $rows } rows
html-col-fact = fact
html-col-metric = metric
html-col-table = table
html-col-card = card
html-col-arm = { $arm } [95% CI]
html-col-n = n { $arm }
html-col-diff = B − A
html-col-diff-ci = 95% CI of B − A
html-col-changed = changed
html-yes = yes
# A difference of two shares, in percentage points.
html-points = { $value } pt

# The balance lab's card section: what each of its tables shows (the tables' captions follow).
html-b-tables = What each table shows
