# `sylvan cards list` and `sylvan cards check` (crates/registry/src/cards.rs): the command's own words
# around the games' listings. $file is a path, $sets the card file's set names, $kind what the user typed.

cards-provenance-kind = --provenance {"`"}{ $kind }{"`"}: use rulebook, fan or provisional
cards-one-set = { $game } has one card set: --sets is for games with expansions
cards-no-provenance-filter = { $game }: --provenance is not supported; every field's provenance is in the data file ({ $data })
cards-mv-ok = { $file }: ok: { $advancements } advancement titles, { $vales } vale titles, { $leaders ->
    [one] { $leaders } leader
   *[other] { $leaders } leaders
}, sets {"`"}{ $sets }{"`"}
cards-conclaves-ok = { $file }: ok: { $conclaves } conclaves, { $named } named by the rulebook
