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

# `sylvan cards check`: one line per language but English, how far its card overlay covers the checked
# file's cards. $lang is the language's code, $file the overlay's path in the repository.
cards-overlay = {"`"}{ $lang }{"`"} ({"`"}{ $file }{"`"}): of { $cards } cards, { $sourced } with words from a source, { $gaps } known { $gaps ->
    [one] gap
   *[other] gaps
} ({"`none`"}; { $translated } of them with Sylvan's own translation), { $missing } with no entry
