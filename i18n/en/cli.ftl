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
