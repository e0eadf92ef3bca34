//! Prints a game's observation sections as the tables of `docs/OBSERVATIONS.md`:
//! `cargo run --release -p sylvan-registry --example observation_doc -- GAME [NAME=VALUE ...]`.
use sylvan_registry::Registry;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let game = args.next().ok_or("usage: observation_doc GAME [NAME=VALUE ...]")?;
    let overrides: Vec<String> = args.collect();
    let registry = Registry::standard();
    let entry = registry.get(&game).map_err(|e| e.to_string())?;
    let json = entry.game().options(None, &overrides).map_err(|e| e.to_string())?;
    let layout = entry.observation_layout(&json).map_err(|e| e.to_string())?.ok_or("no observation")?;
    println!("### {game}: {} values\n", layout.values().len());
    println!("| offset | length | section |\n|---:|---:|---|");
    for s in layout.sections() {
        println!("| {} | {} | {} |", s.offset, s.len, s.name);
    }
    Ok(())
}
