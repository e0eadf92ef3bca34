//! `sylvan serve`, `sylvan create` and `sylvan join` end to end: real processes on a loopback port,
//! `join` driven through its standard input.

use std::error::Error;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

type TestResult = Result<(), Box<dyn Error>>;

/// A `sylvan serve` process, killed when dropped.
struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(name: &str) -> Result<Served, Box<dyn Error>> {
    serve_with(name, &[])
}

/// A scratch folder of this test process.
fn scratch_dir(name: &str) -> Result<PathBuf, Box<dyn Error>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// `sylvan serve` with extra arguments; the address is the one it prints (`http://` or `https://`).
fn serve_with(name: &str, extra: &[&std::ffi::OsStr]) -> Result<Served, Box<dyn Error>> {
    let dir = scratch_dir(name)?;
    let db = dir.join("sylvan.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()?;
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        BufReader::new(out).read_line(&mut line)?;
    }
    let mut served = Served { child, addr: String::new() };
    let addr = line.split("://").nth(1).and_then(|r| r.split_whitespace().next()).map(str::to_owned);
    served.addr = addr.ok_or(format!("no address in `{line}`"))?;
    Ok(served)
}

/// Runs `sylvan args...` to the end, feeding `stdin`.
fn sylvan(args: &[&str], stdin: &str) -> Result<Output, Box<dyn Error>> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // `join` stops reading once the game is over: a broken pipe here is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    Ok(child.wait_with_output()?)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The links `sylvan create` printed, in seat order.
fn links(out: &Output) -> Vec<String> {
    text(&out.stdout).lines().filter_map(|l| l.split('\'').nth(1)).map(str::to_owned).collect()
}

/// Creates a game of `game` (2 players: me, then the heuristic bot) on `server` and plays it with
/// `join` and `join_args` (the first legal action at every decision); what `join` printed.
fn join_against_the_heuristic(
    server: &Served,
    game: &str,
    seed: &str,
    join_args: &[&str],
) -> Result<String, Box<dyn Error>> {
    let out =
        sylvan(&["create", game, "-p", "2", "--seats", "me,heuristic", "--seed", seed, "--server", &server.addr], "")?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let links = links(&out);
    let mut args = vec!["join"];
    args.extend_from_slice(join_args);
    args.push(&links[0]);
    let joined = sylvan(&args, &"1\n".repeat(3000))?;
    assert!(joined.status.success(), "{}", text(&joined.stderr));
    Ok(text(&joined.stdout))
}

#[test]
fn create_then_join_plays_a_whole_game_against_a_bot() -> TestResult {
    let server = serve("bot")?;
    let out = sylvan(
        &["create", "spirit-duel", "-p", "2", "--seats", "me,heuristic", "--seed", "3", "--server", &server.addr],
        "",
    )?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let links = links(&out);
    assert_eq!(links.len(), 1, "{}", text(&out.stdout));
    assert!(links[0].contains("#token="), "{}", links[0]);
    // The first legal action at every decision, typed as its number.
    let joined = sylvan(&["join", &links[0]], &"1\n".repeat(3000))?;
    let shown = text(&joined.stdout);
    assert!(joined.status.success(), "{}", text(&joined.stderr));
    assert!(shown.contains("spirit-duel game") && shown.contains("as p0"), "{shown}");
    assert!(shown.contains("your move:"), "{shown}");
    assert!(!shown.contains("refused:"), "over the server's rate limit: {shown}");
    // The end is the engine's breakdown in words (spirit duel: the victory condition and one result
    // row), not the raw scores JSON.
    let end = shown.rsplit_once("game over\n").map(|(_, e)| e).ok_or("no `game over` line")?;
    assert!(end.contains("result (win 1, draw ½)") && end.contains("total"), "{end}");
    assert!(end.lines().last().is_some_and(|l| l.starts_with("winner: p") || l == "draw"), "{end}");
    assert!(!shown.contains("game over: scores"), "{shown}");
    Ok(())
}

/// At the server's cap on actions (`--max-moves`) a joined game says it goes no further and `join` ends,
/// in the seat's language.
#[test]
fn join_ends_at_the_servers_cap_on_actions() -> TestResult {
    let server = serve_with("cap", &["--max-moves".as_ref(), "6".as_ref()])?;
    let shown = join_against_the_heuristic(&server, "spirit-duel", "3", &["--lang", "fr"])?;
    let last = shown.lines().last().unwrap_or("");
    assert_eq!(last, "cette partie a atteint la limite de 6 actions du serveur\u{a0}: elle s'arrête là", "{shown}");
    assert!(!shown.contains("refused") && !shown.contains("refusé"), "{shown}");
    Ok(())
}

#[test]
fn join_in_french_shows_the_table_and_the_breakdown_in_french() -> TestResult {
    let server = serve("fr")?;
    let shown = join_against_the_heuristic(&server, "equinox", "5", &["--lang", "fr"])?;
    assert!(shown.contains("partie equinox") && shown.contains("en tant que p0"), "{shown}");
    assert!(shown.contains("à vous de jouer\u{a0}:"), "{shown}");
    assert!(shown.contains("Equinox — manche 1/5"), "{shown}");
    let end = shown.rsplit_once("partie terminée\n").map(|(_, e)| e).ok_or("no `partie terminée` line")?;
    assert!(end.contains("prédictions secrètes (5 PP chacune)"), "{end}");
    assert!(end.contains("cailloux de la rangée 1 (4 PP chacun)") && end.contains("total"), "{end}");
    assert!(end.lines().last().is_some_and(|l| l.starts_with("gagnant") || l == "match nul"), "{end}");
    // French typography in everything the client printed: no colon after an ordinary space.
    assert!(!shown.contains(" :"), "{shown}");
    let link = format!("http://{}/play/0#token=0", server.addr);
    let bad = sylvan(&["join", "--lang", "de", &link], "")?;
    assert!(!bad.status.success() && text(&bad.stderr).contains("`en`, `fr` or `en-XA`"), "{}", text(&bad.stderr));
    Ok(())
}

#[test]
fn two_terminals_play_each_other_and_a_bad_link_is_one_error() -> TestResult {
    let server = serve("two")?;
    let out =
        sylvan(&["create", "equinox", "-p", "2", "--seats", "me,me", "--seed", "8", "--server", &server.addr], "")?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let links = links(&out);
    assert_eq!(links.len(), 2, "{}", text(&out.stdout));
    let players: Vec<_> = links
        .iter()
        .map(|link| {
            let link = link.clone();
            std::thread::spawn(move || sylvan(&["join", &link], &"1\n".repeat(3000)).map_err(|e| e.to_string()))
        })
        .collect();
    for (seat, p) in players.into_iter().enumerate() {
        let joined = p.join().map_err(|_| "a join thread panicked")??;
        let shown = text(&joined.stdout);
        assert!(joined.status.success(), "p{seat}: {}", text(&joined.stderr));
        assert!(shown.contains(&format!("as p{seat}")), "{shown}");
        assert!(shown.contains("game over\n") && shown.contains("stones in row 1 (4 each)"), "p{seat}: {shown}");
        // The client keeps below the server's rate limit though its input is piped in.
        assert!(!shown.contains("refused:"), "p{seat}: {shown}");
    }
    // A wrong token: one error line naming the server, no game screen.
    let (base, _) = links[0].split_once('#').ok_or("no fragment")?;
    let bad = sylvan(&["join", &format!("{base}#token=00000000000000000000000000000000")], "")?;
    assert!(!bad.status.success());
    let err = text(&bad.stderr);
    assert!(err.contains("no seat") && err.trim_end().lines().count() == 1, "{err}");
    assert!(!text(&bad.stdout).contains("game over"));
    Ok(())
}

/// Issue 32: two friends over HTTPS with the built-in TLS and a self-signed certificate (made here):
/// `sylvan create --ca` and `sylvan join --ca 'https://…'` play a whole game; without `--ca` the
/// client refuses the server in one line, and plain HTTP to the TLS port gets no game.
#[test]
fn join_https_plays_against_serve_with_a_self_signed_certificate() -> TestResult {
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])?;
    let dir = scratch_dir("tls-files")?;
    let (cert_file, key_file) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_file, cert.cert.pem())?;
    std::fs::write(&key_file, cert.key_pair.serialize_pem())?;
    let server =
        serve_with("tls", &["--tls-cert".as_ref(), cert_file.as_os_str(), "--tls-key".as_ref(), key_file.as_os_str()])?;
    let https = format!("https://{}", server.addr);
    let ca = cert_file.display().to_string();
    let out = sylvan(
        &[
            "create",
            "spirit-duel",
            "-p",
            "2",
            "--seats",
            "me,heuristic",
            "--seed",
            "4",
            "--server",
            &https,
            "--ca",
            &ca,
        ],
        "",
    )?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let links = links(&out);
    assert_eq!(links.len(), 1, "{}", text(&out.stdout));
    assert!(links[0].starts_with(&format!("{https}/play/")), "{}", links[0]);
    // Without the certificate: refused, one line, no game shown.
    let refused = sylvan(&["join", &links[0]], "1\n")?;
    assert!(!refused.status.success(), "{}", text(&refused.stdout));
    assert_eq!(text(&refused.stderr).trim().lines().count(), 1, "{}", text(&refused.stderr));
    assert!(!text(&refused.stdout).contains("your move"), "{}", text(&refused.stdout));
    // Plain HTTP to the TLS port creates nothing.
    let plain = sylvan(&["create", "spirit-duel", "-p", "2", "--seats", "me,random", "--server", &server.addr], "")?;
    assert!(!plain.status.success(), "{}", text(&plain.stdout));
    // With it, the whole game over TLS, in French for good measure.
    let joined = sylvan(&["join", "--ca", &ca, "--lang", "fr", &links[0]], &"1\n".repeat(3000))?;
    let shown = text(&joined.stdout);
    assert!(joined.status.success(), "{}", text(&joined.stderr));
    assert!(shown.contains("en tant que p0") && shown.contains("partie terminée"), "{shown}");
    Ok(())
}
