//! `sylvan-loadtest`'s flags (its parser, compiled here so the default test run checks it without
//! building the load benchmark): a value out of range is refused with the flag's name, never clamped.

#[path = "../../src/bin/loadtest/args.rs"]
#[allow(dead_code)]
mod args;

fn parse(line: &str) -> Result<args::Args, String> {
    args::parse(line.split_whitespace().map(str::to_owned))
}

#[test]
fn loadtest_refuses_out_of_range_flags_naming_them() {
    for (line, flag) in [
        ("--games 0", "--games 0"),
        ("--games 100001", "--games 100001"),
        ("--players 0", "--players 0"),
        ("--players 33", "--players 33"),
        ("--seconds 0", "--seconds 0"),
        ("--seconds 3601", "--seconds 3601"),
        ("--think-ms 600001", "--think-ms 600001"),
        ("--warmup 3601", "--warmup 3601"),
        ("--games 18446744073709551616", "--games 18446744073709551616"),
        ("--games -1", "--games -1"),
        ("--seconds ten", "--seconds ten"),
    ] {
        let Err(e) = parse(line) else { panic!("`{line}` was accepted") };
        assert!(e.starts_with(flag), "`{line}`: {e}");
        assert!(!e.contains('\n'), "`{line}`: one line: {e}");
    }
    let Err(e) = parse("--games 0") else { panic!("accepted") };
    assert_eq!(e, "--games 0: out of range (from 1 to 100000)");
    assert!(parse("--no-such-flag 3").is_err_and(|e| e == "unknown flag --no-such-flag"));
    assert!(parse("--games").is_err_and(|e| e == "--games: missing value"));
    assert!(parse("--notebook x.md").is_err_and(|e| e.contains("go together")));
}

#[test]
fn loadtest_takes_the_ends_of_each_range() -> Result<(), String> {
    let low = parse("--games 1 --players 1 --seconds 1 --think-ms 0 --warmup 0")?;
    assert_eq!((low.games, low.players, low.seconds, low.think_ms, low.warmup), (1, 1, 1, 0, 0));
    let high = parse("--games 100000 --players 32 --seconds 3600 --think-ms 600000 --warmup 3600 --game mystic-vale")?;
    assert_eq!(
        (high.games, high.players, high.seconds, high.think_ms, high.warmup),
        (100_000, 32, 3600, 600_000, 3600)
    );
    assert_eq!(high.game, "mystic-vale");
    let defaults = parse("")?;
    assert_eq!((defaults.games, defaults.players, defaults.seconds, defaults.bots.as_str()), (100, 2, 20, "random"));
    Ok(())
}
