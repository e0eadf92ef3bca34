//! Runs fuzz inputs on stable, without libFuzzer:
//! `cargo run --release -p sylvan-fuzzing --example replay -- TARGET FILE...` (TARGET: records, notation,
//! card_files or setups). Prints `ok` or the broken property for each file.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, files)) = args.split_first() else {
        eprintln!("usage: replay TARGET FILE...");
        return std::process::ExitCode::from(2);
    };
    let run: fn(&[u8]) = match target.as_str() {
        "records" => sylvan_fuzzing::records,
        "notation" => sylvan_fuzzing::notation,
        "card_files" => sylvan_fuzzing::card_files,
        "setups" => sylvan_fuzzing::setups,
        other => {
            eprintln!("unknown target `{other}`");
            return std::process::ExitCode::from(2);
        }
    };
    std::panic::set_hook(Box::new(|_| {}));
    let mut failed = false;
    for f in files {
        let data = match std::fs::read(f) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{f}: {e}");
                failed = true;
                continue;
            }
        };
        match std::panic::catch_unwind(|| run(&data)) {
            Ok(()) => println!("{f}: ok"),
            Err(p) => {
                failed = true;
                let m = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                let m = m.unwrap_or_default();
                println!("{f}: {}", m.chars().take(300).collect::<String>());
            }
        }
    }
    if failed { std::process::ExitCode::from(1) } else { std::process::ExitCode::SUCCESS }
}
