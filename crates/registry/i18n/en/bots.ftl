# A bot spec that cannot be read (`--bots`, `-b`; crates/bots/src/spec.rs `SpecError::words`). $name,
# $bot, $key and $value are what the user wrote; $known the bots or keys there are.

bots-empty = empty bot spec
bots-unknown = unknown bot {"`"}{ $name }{"`"} (known bots: { $known })
bots-not-for-game = bot {"`"}{ $bot }{"`"} is not available for { $game }
bots-not-implemented = bot {"`"}{ $name }{"`"} is not implemented yet
bots-bad-parameter = bot {"`"}{ $bot }{"`"}: { $problem }
bots-param-syntax = parameter {"`"}{ $param }{"`"} is not written KEY=VALUE
bots-param-none = takes no parameters, got {"`"}{ $key }{"`"}
bots-param-unknown = unknown parameter {"`"}{ $key }{"`"} (known: { $known })
bots-param-whole = {"`"}{ $key }={ $value }{"`"}: expected a whole number from { $lo } to { $hi }
bots-param-number = {"`"}{ $key }={ $value }{"`"}: expected a number from { $lo } to { $hi }
bots-param-choice = {"`"}{ $key }={ $value }{"`"}: expected { $choices } or { $last }
