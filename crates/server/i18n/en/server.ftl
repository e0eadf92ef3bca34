# What the server says to clients: HTTP error bodies, WebSocket error messages and the notes it adds
# to a game's log. Seats are named by their names ($seat is a name, or the `seat-player`/`seat-bot`
# fallback); $detail is a text from a game or a library, passed on as it is.

## Seat names when none was given.
seat-player = Player { $number }
seat-bot = Bot { $number }

## The log.
took-back = { $seat } took back: { $action }
took-back-hidden = { $seat } took back their last action

## Requests.
storage-failed = storage failed, nothing changed: { $detail }
no-random = no random bits from the system: { $detail }
bot-over-ms = ms={ $ms } is over this server's cap of { $cap } per decision (--max-bot-ms)
bot-over-iters = iters={ $iters } is over this server's cap of { $cap } per decision (--max-bot-iters)
bot-no-budget = a search bot needs a budget: iters=N or ms=M
bot-over-threads = threads={ $threads } is over this server's cap of { $cap } (--max-bot-threads)
join-rate = too many seats taken from your address: at most { $n } a minute (ask again later)
create-rate = too many games created from your address: at most { $n } a minute (ask again later)
too-many-unfinished = your address already has { $n } unfinished games on this server: finish some first, or wait until those with no move for { $hours } h are deleted
unknown-game = unknown game `{ $game }` (known games: { $known })
no-game = no game `{ $id }`
server-full = the server holds as many games as it may
option-twice = option `{ $option }` is given twice
invalid-setup = invalid setup: { $field }: { $message }
seats-count = { $given } seats given for a table of { $seats }
seed-with-open-seat = a game with an open seat takes no chosen seed: whoever joins would play a deal its creator knows (leave "seed" out, or seat no stranger)
clock-range = clock_ms: from 100 to { $max } (a day)
seat-error = seat { $seat }: { $detail }
seat-bot-over = seat { $seat }: `{ $spec }`: { $detail }
seat-missing = seat { $seat } does not exist (seats 0 to { $last })
seat-not-open = seat { $seat } is not open
no-open-seat = no open seat
move-cap = the game has reached this server's limit of { $max } moves (--max-moves): it goes no further
game-over = the game is over
record-when-over = the record of a game is given once it is over
token-no-seat = this token holds no seat of this game
too-many-queued = too many messages queued
detail = { $detail }
action-both = give the action as `action` (notation) or `id`, not both
not-legal = `{ $action }` is not a legal action now
stale-undo = stale undo: this answers move { $asked }, the game is at move { $now }
cannot-undo = { $seat } cannot take back the last action
stale-move = stale move: this answers move { $asked }, the game is at move { $now }
not-your-decision = it is not { $seat }'s decision
analysis-running = an analysis of this game is running: ask again when it ends
hints-refused = hints are given only to a seat whose opponents are all bots, or in a game created with `hints` (every seat agreed)
internal = the server failed: { $detail }
no-estimates = `{ $bot }` gives no estimates
no-legal-move = no legal move to advise
card-files-refused = option `{ $option }`: a client names card sets, never card files: give set names (lowercase letters, digits and -, such as base,wild; GET /api/types lists them)
busy = the server is busy with replays and analyses: ask again in a moment
pool-closed = the worker pool is closed: { $detail }
job-failed = the job failed: { $detail }

## HTTP.
not-json = send the body as JSON with `Content-Type: application/json`
cross-origin = a request from the page of another site (Origin `{ $origin }`) is refused
body-timeout = the body did not arrive within { $ms } ms
body-too-big = the body is over the { $bytes } bytes limit
bad-request-body = { $what ->
    [create] create request
    [join] join request
    [log] log request
    [hint] hint request
   *[record] record
}: { $detail }
list-limit = limit={ $limit }: 1 to { $max }
bad-lang = lang={ $lang }: a language code ({ $codes })
token-in-address = a token in the address is refused (addresses get logged): connect without it and send {"{"}"type":"hello","token":"..."{"}"} first
no-file = no file `{ $name }`
record-no-game = record: no `game`
record-no-actions = record: no `actions` list
record-action-not-text = record: action { $index } is not a string
record-bad-action = record: action { $index } `{ $action }`: { $detail }
seat-out-of-range = seat={ $seat }: the game has { $seats } seats
upto-out-of-range = upto={ $upto }: the record has { $actions } actions

## WebSocket.
no-hello = no hello within { $seconds } s: connection closed
connection-closed = { $error }: connection closed
first-not-hello = the first message must be {"{"}"type":"hello","token":...{"}"}: connection closed
malformed-hello = malformed hello: { $detail }: connection closed
hello-not-text = the first message must be a text hello: connection closed
slow-down = too many messages: slow down (this one was ignored)
send-text = send text (JSON) messages
malformed-message = malformed message: { $detail }
hello-twice = hello is only the first message of a connection
spectator-cannot-act = a spectator cannot act: connect with a seat's token

## WebSocket close reasons (at most 123 bytes).
close-expired = the game expired (no action for too long)
close-made-room = the game was removed to make room for new games (it had finished)
close-queued = too slow: { $n } messages queued
close-queued-reconnect = too slow: { $n } messages queued (reconnect to get the state afresh)
close-write = too slow: a message waited { $ms } ms to be read
close-too-big = a message over { $bytes } bytes
close-too-many = too many messages
close-no-hello = no valid hello
close-silent = nothing heard from the client for { $seconds } s (not even an answer to a ping)

## `sylvan join`, the terminal client: what it prints (seats are shown as `p0`, `p1`...).
join-help = type the number of an action or its notation; `view` shows the table again, `undo` takes back your last action when offered, `help` this line, `quit` leaves (the seat stays yours: join again with the same link)
join-start = { $game } game { $id } as { $seat } — { $help }
join-spectator = spectator
join-your-move = your move:
join-undo-offered = (`undo` takes back your last action)
join-waiting = waiting for { $seat }...
join-refused = refused: { $message }
join-not-yours = it is not your decision; wait for the others
join-no-number = no action number { $number }: choose 1 to { $count }
join-kept = (kept for your next decision: `{ $line }`)
join-end-of-input = end of input: leaving (the seat stays yours)
join-closed = the server closed the connection
join-game-over = game over
join-stopped = this game reached the server's limit of { $n } actions: it goes no further
join-scores = scores: { $scores }
join-no-winner = no winner
join-draw = draw
join-winner = winner: { $seat }
join-winners = winners (shared): { $seats }
