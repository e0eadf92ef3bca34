# The engine's own words, shared by every game and front end (sylvan_words::engine): errors of the
# game API, the defaults of the Game trait. Arguments: $game is a game's name (equinox); $seat a seat
# (p0); $text and $value what the player typed; $expected and $reason are a game's own message.

## What the player typed

engine-cannot-read = cannot read {"`"}{ $text }{"`"}: { $expected }
engine-illegal = illegal action `{ $action }`: { $reason }
engine-game-over = the game is over
engine-not-legal = not among the legal actions of { $seat } at move { $moves }
engine-no-nth = { $count ->
    [one] there is { $count } legal action
   *[other] there are { $count } legal actions
}
engine-unknown-id = { $game } has no action with id { $id } (ids are 0 to { $last })
engine-no-such-seat = seat { $seat } does not exist at a table of { $seats }
engine-wrong-game = a view of { $found } given to { $expected }
engine-nothing-to-undo = no action to take back
engine-deal-again-failed = dealing the game again failed: { $detail }
engine-seat-expected = a seat is written p0, p1, ... p31

## Options and setups

engine-invalid-setup = invalid setup: { $field }: { $problem }
engine-player-count = { $game } is played by { $min } to { $max } players, not { $players }
engine-no-options = { $game } has no settable options
engine-players-option = set the number of players with --players
engine-unknown-option = { $game } has no option `{ $name }` (options: { $known })
engine-bad-value = cannot use `{ $value }`: { $detail }

## Seats the game plays itself

# The spirit duel's solo opponent, as its rulebook names it.
engine-robot = Robot

## Records that do not replay ($step is an action's 0-based number, $text its notation; $detail the
## JSON reader's own words, in English: another language quotes them in backticks)

engine-replay-malformed = malformed record: { $detail }
engine-replay-malformed-at = malformed record: { $detail } (line { $line }, column { $column })
engine-replay-wrong-game = record is for game `{ $found }`, not `{ $expected }`
engine-replay-newer = record written by engine version { $record }, newer than this engine ({ $ours }): update Sylvan to replay it
engine-replay-bad-version = record has engine version `{ $version }`, expected MAJOR.MINOR.PATCH
engine-replay-content = record was played with card data { $recorded }, but these options give { $ours }: the cards changed
engine-replay-notation = action { $step } `{ $text }`: { $error }
engine-replay-illegal = action { $step } `{ $text }` is illegal: { $reason }
engine-replay-truncated = the record has only { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}, not { $upto }
engine-replay-not-over = record states scores { $claimed } but the game is not over after its { $moves ->
    [one] { $moves } action
   *[other] { $moves } actions
}
engine-replay-mismatch = record says the scores are { $claimed } but the replay gives { $actual }

## Card files (`--cards FILE`, `--sets`): what is wrong, after the place (`file:line: field`) the game's
## catalog gives. $detail is the operating system's or the TOML reader's own words, in English.

engine-data-forbidden = card files are not read here: only the embedded sets and the sets the operator offers
engine-data-cannot-read = cannot read: { $detail }
engine-data-directory = cannot read: a directory
engine-data-special-file = cannot read: not a regular file (a device, pipe or socket)
engine-data-too-big = cannot read: larger than the { $megabytes } MB limit
engine-data-not-utf8 = not UTF-8 text (invalid byte)
engine-data-integer-range = integer out of range (a card file's numbers are small: see the field's range)
engine-data-toml = { $detail }
engine-data-provenance-kind = {"`"}{ $text }{"`"} is not {"`"}rulebook: …{"`"}, {"`"}fan: …{"`"} or {"`"}provisional: …{"`"}
engine-data-provenance-empty = {"`"}{ $text }{"`"} needs a { $kind ->
    [rulebook] passage
    [fan] source
   *[other] reason
}
engine-data-provenance-line = {"`"}{ $text }{"`"} needs a line reference into the rulebook text (e.g. {"`"}rulebook: FR:21, ...{"`"} or {"`"}EN:983-991{"`"})
engine-data-provenance-missing = missing provenance for this field
engine-data-provenance-string = a provenance is a string
engine-data-provenance-unknown = not a field of this card
