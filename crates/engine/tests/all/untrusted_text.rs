//! Text from outside (card files, records) made printable and bounded before it is shown: control
//! characters and bidirectional overrides escaped, long text cut. (It was a `#[cfg(test)]` module of
//! `src/carddata.rs`, which the crate's `test = false` never compiled.)

use sylvan_engine::carddata::{printable, printable_lines, short};

#[test]
fn untrusted_text_is_printable_and_bounded() {
    let hostile = "a\u{1b}]0;title\u{7}\u{1b}[2J\u{9b}b\nc\u{202e}d";
    let p = printable(hostile, 100);
    assert!(!p.chars().any(|c| c.is_control() || c == '\u{202e}'), "{p:?}");
    assert_eq!(p, "a\\u{1b}]0;title\\u{7}\\u{1b}[2J\\u{9b}b\\nc\\u{202e}d");
    let long = "x".repeat(100_000);
    let cut = printable(&long, 80);
    assert_eq!(cut.chars().count(), 81);
    assert!(cut.ends_with('…'));
    assert_eq!(printable("plain", 80), "plain");
    assert_eq!(short(&long).chars().count(), 61);
    let lines = printable_lines("one\n\ttwo\u{1b}[2J");
    assert_eq!(lines, "one\n\ttwo\\u{1b}[2J");
}
