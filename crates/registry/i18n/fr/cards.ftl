# `sylvan cards list` et `sylvan cards check` (crates/registry/src/cards.rs) : les mots de la commande
# autour des listes des jeux. $file est un chemin, $sets les noms des jeux de cartes du fichier, $kind ce
# que l'utilisateur a tapé.

cards-provenance-kind = --provenance {"`"}{ $kind }{"`"} : utilisez rulebook, fan ou provisional
cards-one-set = { $game } n'a qu'un jeu de cartes : --sets est pour les jeux qui ont des extensions
cards-no-provenance-filter = { $game } : --provenance n'est pas pris en charge ; la provenance de chaque champ est dans le fichier de données ({ $data })
cards-mv-ok = { $file } : correct : { $advancements } titres d'Évolutions, { $vales } titres de cartes Val, { $leaders ->
    [one] { $leaders } meneur
   *[other] { $leaders } meneurs
}, jeux de cartes {"`"}{ $sets }{"`"}
cards-conclaves-ok = { $file } : correct : { $conclaves } conclaves, dont { $named } nommés par le livret de règles

# `sylvan cards check` : une ligne par langue hors l'anglais, la couverture des cartes du fichier par
# son fichier de traductions. $lang est le code de la langue, $file le chemin du fichier dans le dépôt.
cards-overlay = {"`"}{ $lang }{"`"} ({"`"}{ $file }{"`"}) : sur { $cards } cartes, { $sourced } avec des mots tirés d'une source, { $gaps } { $gaps ->
    [one] lacune connue
   *[other] lacunes connues
} ({"`none`"} ; dont { $translated } avec la traduction de Sylvan), { $missing } sans entrée
