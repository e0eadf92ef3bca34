# Ce que le serveur dit aux clients : corps des erreurs HTTP, messages d'erreur WebSocket et notes
# ajoutées au journal d'une partie. Les places sont nommées par leur nom ($seat). $detail est un
# texte d'un jeu ou d'une bibliothèque, transmis tel quel.

## Noms des places sans nom.
seat-player = Joueur { $number }
seat-bot = Robot { $number }

## Le journal.
took-back = { $seat } a repris : { $action }
took-back-hidden = { $seat } a repris sa dernière action

## Requêtes.
storage-failed = l'enregistrement a échoué, rien n'a changé : { $detail }
no-random = le système ne fournit pas d'aléa : { $detail }
bot-over-ms = ms={ $ms } dépasse le plafond de ce serveur, { $cap } par décision (--max-bot-ms)
bot-over-iters = iters={ $iters } dépasse le plafond de ce serveur, { $cap } par décision (--max-bot-iters)
bot-no-budget = un robot de recherche a besoin d'un budget : iters=N ou ms=M
bot-over-threads = threads={ $threads } dépasse le plafond de ce serveur, { $cap } (--max-bot-threads)
join-rate = trop de places prises depuis votre adresse : au plus { $n } par minute (réessayez plus tard)
create-rate = trop de parties créées depuis votre adresse : au plus { $n } par minute (réessayez plus tard)
too-many-unfinished = votre adresse a déjà { $n } parties non terminées sur ce serveur : terminez-en d'abord, ou attendez que celles sans coup depuis { $hours } h soient supprimées
unknown-game = jeu inconnu « { $game } » (jeux connus : { $known })
no-game = aucune partie « { $id } »
server-full = le serveur a atteint son nombre maximal de parties
option-twice = l'option « { $option } » est donnée deux fois
invalid-setup = réglage invalide : { $field } : { $message }
seats-count = { $given ->
    [one] { $given } place donnée
   *[other] { $given } places données
} pour une table de { $seats }
seed-with-open-seat = une partie avec une place libre ne prend pas de graine choisie : qui la rejoindrait jouerait une donne que son créateur connaît (omettez « seed », ou n'ouvrez aucune place)
clock-range = clock_ms : de 100 à { $max } (un jour)
seat-error = place { $seat } : { $detail }
seat-bot-over = place { $seat } : « { $spec } » : { $detail }
seat-missing = la place { $seat } n'existe pas (places 0 à { $last })
seat-not-open = la place { $seat } n'est pas libre
no-open-seat = aucune place libre
move-cap = la partie a atteint la limite de ce serveur, { $max } coups (--max-moves) : elle ne va pas plus loin
game-over = la partie est terminée
record-when-over = l'enregistrement d'une partie est donné une fois celle-ci terminée
token-no-seat = ce jeton ne correspond à aucune place de cette partie
too-many-queued = trop de messages en attente
detail = { $detail }
action-both = donnez l'action par « action » (notation) ou par « id », pas les deux
not-legal = « { $action } » n'est pas une action permise maintenant
stale-undo = annulation périmée : elle répond au coup { $asked }, la partie est au coup { $now }
cannot-undo = { $seat } ne peut pas reprendre la dernière action
stale-move = coup périmé : il répond au coup { $asked }, la partie est au coup { $now }
not-your-decision = ce n'est pas à { $seat } de décider
analysis-running = une analyse de cette partie est en cours : redemandez quand elle sera finie
hints-refused = les conseils ne sont donnés qu'à une place dont tous les adversaires sont des robots, ou dans une partie créée avec « hints » (toutes les places d'accord)
internal = le serveur a échoué : { $detail }
no-estimates = « { $bot } » ne donne pas d'estimations
no-legal-move = aucun coup permis à conseiller
card-files-refused = option « { $option } » : un client nomme des extensions, jamais des fichiers de cartes : donnez des noms d'extensions (lettres minuscules, chiffres et -, comme base,wild ; GET /api/types les liste)
busy = le serveur est occupé par des relectures et des analyses : réessayez dans un instant
pool-closed = le groupe de tâches est fermé : { $detail }
job-failed = la tâche a échoué : { $detail }

## HTTP.
not-json = envoyez le corps en JSON avec « Content-Type: application/json »
cross-origin = une requête venant de la page d'un autre site (Origin « { $origin } ») est refusée
body-timeout = le corps n'est pas arrivé en { $ms } ms
body-too-big = le corps dépasse la limite de { $bytes } octets
bad-request-body = { $what ->
    [create] demande de création
    [join] demande de place
    [log] demande de journal
    [hint] demande de conseil
   *[record] enregistrement
} : { $detail }
list-limit = limit={ $limit } : de 1 à { $max }
bad-lang = lang={ $lang } : un code de langue ({ $codes })
token-in-address = un jeton dans l'adresse est refusé (les adresses sont journalisées) : connectez-vous sans lui et envoyez d'abord {"{"}"type":"hello","token":"..."{"}"}
no-file = aucun fichier « { $name } »
record-no-game = enregistrement : pas de « game »
record-no-actions = enregistrement : pas de liste « actions »
record-action-not-text = enregistrement : l'action { $index } n'est pas une chaîne
record-bad-action = enregistrement : action { $index } « { $action } » : { $detail }
seat-out-of-range = seat={ $seat } : la partie a { $seats } places
upto-out-of-range = upto={ $upto } : l'enregistrement a { $actions } actions

## WebSocket.
no-hello = pas de hello en { $seconds } s : connexion fermée
connection-closed = { $error } : connexion fermée
first-not-hello = le premier message doit être {"{"}"type":"hello","token":...{"}"} : connexion fermée
malformed-hello = hello mal formé : { $detail } : connexion fermée
hello-not-text = le premier message doit être un hello en texte : connexion fermée
slow-down = trop de messages : ralentissez (celui-ci est ignoré)
send-text = envoyez des messages texte (JSON)
malformed-message = message mal formé : { $detail }
hello-twice = hello n'est que le premier message d'une connexion
spectator-cannot-act = un spectateur ne peut pas jouer : connectez-vous avec le jeton d'une place

## Raisons de fermeture WebSocket (au plus 123 octets).
close-expired = la partie a expiré (aucune action depuis trop longtemps)
close-made-room = la partie a été retirée pour faire place à de nouvelles (elle était terminée)
close-queued = trop lent : { $n } messages en attente
close-queued-reconnect = trop lent : { $n } messages en attente (reconnectez-vous pour repartir de l'état actuel)
close-write = trop lent : un message a attendu { $ms } ms d'être lu
close-too-big = un message de plus de { $bytes } octets
close-too-many = trop de messages
close-no-hello = pas de hello valide
close-silent = aucune nouvelle du client depuis { $seconds } s (pas même une réponse à un ping)

## `sylvan join`, le client en terminal : ce qu'il affiche (les places s'écrivent `p0`, `p1`...).
join-help = tapez le numéro d'une action ou sa notation ; `view` réaffiche la table, `undo` reprend votre dernière action quand c'est proposé, `help` affiche cette ligne, `quit` quitte la partie (la place reste la vôtre : rejoignez-la avec le même lien)
join-start = partie { $game } { $id } en tant que { $seat } — { $help }
join-spectator = spectateur
join-your-move = à vous de jouer :
join-undo-offered = (`undo` reprend votre dernière action)
join-waiting = en attente de { $seat }...
join-refused = refusé : { $message }
join-not-yours = ce n'est pas à vous de décider ; attendez les autres
join-no-number = pas d'action numéro { $number } : choisissez de 1 à { $count }
join-kept = (gardé pour votre prochaine décision : `{ $line }`)
join-end-of-input = fin de l'entrée : vous quittez la partie (la place reste la vôtre)
join-closed = le serveur a fermé la connexion
join-game-over = partie terminée
join-stopped = cette partie a atteint la limite de { $n } actions du serveur : elle s'arrête là
join-scores = scores : { $scores }
join-no-winner = aucun gagnant
join-draw = match nul
join-winner = gagnant : { $seat }
join-winners = gagnants (ex æquo) : { $seats }
