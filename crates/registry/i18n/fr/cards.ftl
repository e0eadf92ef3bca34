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
