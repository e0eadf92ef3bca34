## How English is written, read by `sylvan_engine::Lang` (numbers, typography, the names a player may
## type for the language): a language's rules are data, one such file per language. Plural categories
## come from the language's code (the Unicode CLDR rules, as Fluent's own selectors use).
## Guide: `docs/cli.md`, "Adding a language".

# The language's name in itself (the browser's language menu).
language-name = English
# Other names a player may type for the language (`--lang`, `?lang=`) besides its code, comma-separated.
language-aliases = english
# The decimal separator (`2.5`).
decimal-separator = .
# How a percentage's sign follows the number (`41%`).
percent-sign = %
# The space put before the signs of `space-before` and inside `quotes`.
sign-space = {" "}
# Signs that take `sign-space` before them when they end a word, separated by spaces (none in English).
space-before = {""}
# The opening and closing quotation marks that take `sign-space` inside, separated by a space (none).
quotes = {""}
