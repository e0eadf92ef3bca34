## How French is written, read by `sylvan_engine::Lang` (numbers, typography, the names a player may
## type for the language): a language's rules are data, one such file per language. Plural categories
## come from the language's code (the Unicode CLDR rules, as Fluent's own selectors use: French counts
## 0 and 1 as singular). Guide: `docs/cli.md`, "Adding a language".

# The language's name in itself (the browser's language menu).
language-name = Français
# Other names a player may type for the language (`--lang`, `?lang=`) besides its code, comma-separated.
language-aliases = french, francais, français
# The decimal separator (`2,5`, ruling L7).
decimal-separator = ,
# How a percentage's sign follows the number (`41 %`: a no-break space, ruling L7).
percent-sign = {"\u00A0"}%
# The space put before the signs of `space-before` and inside `quotes` (a no-break space, ruling L7).
sign-space = {"\u00A0"}
# Signs that take `sign-space` before them when they end a word, separated by spaces.
space-before = : ; ! ?
# The opening and closing quotation marks that take `sign-space` inside, separated by a space.
quotes = « »
