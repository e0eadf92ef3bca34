//! `sylvan-server [--addr 127.0.0.1:8080] [--db sylvan.db]`: the game server on its own (the `sylvan
//! serve` command does the same).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut addr = "127.0.0.1:8080".to_owned();
    let mut db = PathBuf::from("sylvan.db");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--addr", Some(v)) => addr = v,
            ("--db", Some(v)) => db = PathBuf::from(v),
            _ => {
                eprintln!("usage: sylvan-server [--addr HOST:PORT] [--db FILE]");
                return ExitCode::from(2);
            }
        }
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("sylvan-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&addr).await.map_err(|e| format!("--addr {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!("sylvan-server listening on http://{local} (database {})", db.display());
        sylvan_server::run(listener, &db, sylvan_server::Limits::default()).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sylvan-server: {e}");
            ExitCode::FAILURE
        }
    }
}
