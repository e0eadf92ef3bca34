# Une description de bot illisible (`--bots`, `-b` ; crates/bots/src/spec.rs `SpecError::words`). $name,
# $bot, $key et $value sont ce que l'utilisateur a écrit ; $known les bots ou clés qui existent.

bots-empty = description de bot vide
bots-unknown = bot inconnu {"`"}{ $name }{"`"} (bots connus : { $known })
bots-not-for-game = le bot {"`"}{ $bot }{"`"} n'est pas disponible pour { $game }
bots-not-implemented = le bot {"`"}{ $name }{"`"} n'est pas encore programmé
bots-bad-parameter = bot {"`"}{ $bot }{"`"} : { $problem }
bots-param-syntax = le paramètre {"`"}{ $param }{"`"} ne s'écrit pas CLÉ=VALEUR
bots-param-none = ne prend aucun paramètre, a reçu {"`"}{ $key }{"`"}
bots-param-unknown = paramètre inconnu {"`"}{ $key }{"`"} (connus : { $known })
bots-param-whole = {"`"}{ $key }={ $value }{"`"} : un nombre entier de { $lo } à { $hi } est attendu
bots-param-number = {"`"}{ $key }={ $value }{"`"} : un nombre de { $lo } à { $hi } est attendu
bots-param-choice = {"`"}{ $key }={ $value }{"`"} : { $choices } ou { $last } est attendu
