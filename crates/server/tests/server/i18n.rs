//! Issue 35: the server's errors and notes come in the language of the request (`?lang=`,
//! `Accept-Language`) or of the WebSocket connection (its `hello`), from the catalogs
//! `crates/server/i18n/{en,fr}/server.ftl`, and name seats by their names.

use serde_json::{Value, json};
use sylvan_engine::Lang;
use sylvan_server::Limits;
use sylvan_server::client::Connection;
use sylvan_server::protocol::ClientMessage;
use sylvan_server::words::{Msg, from_accept_language, locale_of_request};
use sylvan_words::Locale;

use crate::common::*;

/// A raw HTTP/1.1 request with extra headers (on a blocking thread); returns the status and the JSON
/// body.
async fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if !body.is_empty() {
        head += &format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len());
    }
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    head += "\r\n";
    head += &body;
    let addr = addr.to_owned();
    let text = tokio::task::spawn_blocking(move || {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&addr).map_err(|e| e.to_string())?;
        stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).map_err(|e| e.to_string())?;
        stream.write_all(head.as_bytes()).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        stream.read_to_end(&mut out).map_err(|e| e.to_string())?;
        Ok::<_, String>(String::from_utf8_lossy(&out).into_owned())
    })
    .await
    .map_err(|e| e.to_string())??;
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Ok((status, serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_owned()))))
}

fn error_of(body: &Value) -> String {
    body["error"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn the_same_bad_request_is_answered_in_the_language_of_the_request() -> TestResult {
    let addr = start("i18n-http", Limits::default()).await?;
    let unknown = json!({ "game": "no-such-game" });
    let (status, en) = request(&addr, "POST", "/api/games", &[], Some(&unknown)).await?;
    assert_eq!(status, 404);
    assert!(error_of(&en).starts_with("unknown game `no-such-game`"), "{en}");
    for (path, headers) in [
        ("/api/games", &[("Accept-Language", "fr")][..]),
        ("/api/games", &[("Accept-Language", "de-DE, fr-CA;q=0.8, en;q=0.5")][..]),
        ("/api/games?lang=fr", &[][..]),
        // `?lang=` wins over the header.
        ("/api/games?lang=fr", &[("Accept-Language", "en")][..]),
    ] {
        let (status, fr) = request(&addr, "POST", path, headers, Some(&unknown)).await?;
        assert_eq!(status, 404, "{path} {headers:?}");
        assert!(error_of(&fr).starts_with("jeu inconnu «\u{a0}no-such-game\u{a0}»"), "{path} {headers:?}: {fr}");
    }
    let (_, en2) = request(&addr, "POST", "/api/games?lang=en", &[("Accept-Language", "fr")], Some(&unknown)).await?;
    assert_eq!(en2, en);
    let (_, en3) = request(&addr, "POST", "/api/games", &[("Accept-Language", "de, *;q=0.1")], Some(&unknown)).await?;
    assert_eq!(en3, en, "a language without a catalog gets English");

    // An invalid setup: the game's own words stay, the frame is French.
    let setup = json!({ "game": "equinox", "players": 9 });
    let (status, en) = request(&addr, "POST", "/api/games", &[], Some(&setup)).await?;
    assert_eq!(status, 400);
    assert!(error_of(&en).starts_with("invalid setup: players: "), "{en}");
    let (_, fr) = request(&addr, "POST", "/api/games", &[("Accept-Language", "fr")], Some(&setup)).await?;
    assert!(error_of(&fr).starts_with("réglage invalide\u{a0}: players\u{a0}: "), "{fr}");
    // ... and the game's reason in French too.
    assert!(error_of(&fr).replace('\u{a0}', " ").contains("equinox se joue de 2 à 5 joueurs, pas 9"), "{fr}");
    assert!(error_of(&en).contains("equinox is played by 2 to 5 players, not 9"), "{en}");

    // Errors of the guard before any route (not JSON), and of a GET with a query.
    let (status, fr) = request(&addr, "POST", "/api/games?lang=fr", &[("Content-Type", "text/plain")], None).await?;
    assert_eq!(status, 415);
    assert!(error_of(&fr).starts_with("envoyez le corps en JSON"), "{fr}");
    let (status, fr) = request(&addr, "GET", "/api/games?limit=0&lang=fr", &[], None).await?;
    assert_eq!(status, 400);
    assert_eq!(error_of(&fr), "limit=0\u{a0}: de 1 à 500");
    let (_, en) = request(&addr, "GET", "/api/games?limit=0", &[], None).await?;
    assert_eq!(error_of(&en), "limit=0: 1 to 500");
    Ok(())
}

/// Reads messages until an error; returns its text.
async fn error_message(c: &mut Connection) -> Result<String, String> {
    loop {
        let m = next(c).await?;
        if m["type"] == "error" {
            return Ok(m["message"].as_str().unwrap_or_default().to_owned());
        }
    }
}

#[tokio::test]
async fn a_french_connection_gets_french_errors_naming_seats_by_name() -> TestResult {
    let addr = start("i18n-ws", Limits::default()).await?;
    let seats = json!([{ "kind": "taken", "name": "Ada" }, { "kind": "taken", "name": "Bruno" }]);
    let (id, tokens) = create(&addr, json!({ "game": "equinox", "players": 2, "seats": seats, "seed": 3 })).await?;
    let mut fr = Connection::join_in(&addr, &id, Some(&tokens[0]), Some(Locale::Fr)).await?;
    let mut en = Connection::join_in(&addr, &id, Some(&tokens[0]), None).await?;
    let state = next_state(&mut fr).await?;
    next_state(&mut en).await?;
    let to_move = state["to_move"].as_u64().ok_or("nobody to move")?;
    let action = state["legal"][0]["notation"].as_str().unwrap_or_default().to_owned();

    // A stale move, in each connection's language.
    for c in [&mut fr, &mut en] {
        c.send(&act(7, &action)).await?;
    }
    assert_eq!(error_message(&mut fr).await?, "coup périmé\u{a0}: il répond au coup 7, la partie est au coup 0");
    assert_eq!(error_message(&mut en).await?, "stale move: this answers move 7, the game is at move 0");

    // A notation the game cannot read: the game's own words, in the connection's language.
    let mut mover_fr = Connection::join_in(&addr, &id, Some(&tokens[to_move as usize]), Some(Locale::Fr)).await?;
    let mut mover_en = Connection::join_in(&addr, &id, Some(&tokens[to_move as usize]), None).await?;
    next_state(&mut mover_fr).await?;
    next_state(&mut mover_en).await?;
    mover_fr.send(&act(0, "xyzzy")).await?;
    let fr_error = error_message(&mut mover_fr).await?.replace('\u{a0}', " ");
    assert!(fr_error.starts_with("impossible de lire `xyzzy` : une action d'Equinox"), "{fr_error}");
    mover_en.send(&act(0, "xyzzy")).await?;
    let en_error = error_message(&mut mover_en).await?;
    assert!(en_error.starts_with("cannot read `xyzzy`: an Equinox action"), "{en_error}");

    // Not your decision: the seat by its name.
    let (mut other_fr, other_name) = if to_move == 0 {
        (Connection::join_in(&addr, &id, Some(&tokens[1]), Some(Locale::Fr)).await?, "Bruno")
    } else {
        (Connection::join_in(&addr, &id, Some(&tokens[0]), Some(Locale::Fr)).await?, "Ada")
    };
    next_state(&mut other_fr).await?;
    other_fr.send(&act(0, &action)).await?;
    assert_eq!(error_message(&mut other_fr).await?, format!("ce n'est pas à {other_name} de décider"));

    // A malformed message, and a second hello.
    fr.send_text("{\"type\":\"dance\"}").await?;
    assert!(error_message(&mut fr).await?.starts_with("message mal formé\u{a0}: "));
    en.send_text("{\"type\":\"dance\"}").await?;
    assert!(error_message(&mut en).await?.starts_with("malformed message: "));

    // A hello with a bad token: refused in the hello's language, then closed.
    let mut bad = Connection::join_in(&addr, &id, Some("not-a-token"), Some(Locale::Fr)).await?;
    assert_eq!(
        error_message(&mut bad).await?,
        "ce jeton ne correspond à aucune place de cette partie\u{a0}: connexion fermée"
    );
    // The close frame's reason too.
    let closed = tokio::time::timeout(std::time::Duration::from_secs(20), bad.next()).await;
    assert!(matches!(closed, Ok(None)), "closed: {closed:?}");
    assert_eq!(bad.close_reason(), Some(&(1008, "pas de hello valide".to_owned())));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_undo_note_names_the_seat_in_each_language() -> TestResult {
    let addr = start("i18n-undo", Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    // Seat 0 is named and speaks French; seat 1 is not named ("Player 2" / "Joueur 2").
    let seats = json!([{ "kind": "taken", "name": "Ada" }, { "kind": "taken" }]);
    let (id, tokens) =
        create(&addr, json!({ "game": "command-of-nature", "players": 2, "seats": seats, "seed": 3 })).await?;
    let mut conns = Vec::new();
    for (i, lang) in [(0, Some(Locale::Fr)), (1, None)] {
        conns.push(Connection::join_in(&addr, &id, Some(&tokens[i]), lang).await?);
    }
    let mut last: Vec<Value> = Vec::new();
    for c in &mut conns {
        last.push(next_state(c).await?);
    }
    let mut pick = Pick(5);
    let mut seen = [false; 2];
    // Each seat's last action: its notation and its description in the seat's language.
    let mut chosen: [(String, String); 2] = Default::default();
    for _ in 0..400 {
        if seen == [true; 2] || last[0]["over"] == true {
            break;
        }
        if let Some(s) = (0..2).find(|&s| last[s]["can_undo"] == true && !seen[s]) {
            let m = last[s]["move"].as_u64().ok_or("no move")?;
            conns[s].send(&ClientMessage::Undo { move_number: m as usize }).await?;
            for k in 0..2 {
                last[k] = next_state(&mut conns[k]).await?;
            }
            let (fr, en) = (last[0]["events"].to_string(), last[1]["events"].to_string());
            let (fr_name, en_name) = if s == 0 { ("Ada", "Ada") } else { ("Joueur 2", "Player 2") };
            // The action in words, as it was offered to the seat in its language, never its notation.
            let plain = |t: &str| t.replace(['\u{a0}', '\u{202f}'], " ");
            let (said, words) = if s == 0 { (plain(&fr), "a repris : ") } else { (plain(&en), "took back: ") };
            let name = if s == 0 { fr_name } else { en_name };
            let (notation, description) = &chosen[s];
            assert!(said.contains(&plain(&format!("{name} {words}{description}"))), "{said} / {description}");
            assert!(!said.contains(&format!("`{notation}`")) && !said.contains(&format!("« {notation} »")), "{said}");
            assert!(fr.contains(&format!("{fr_name} a repris")), "{fr}");
            assert!(en.contains(&format!("{en_name} took back")), "{en}");
            // The other seat reads that an action was taken back, not which (it may name a hidden card).
            let other = plain(if s == 0 { &en } else { &fr });
            let hidden = if s == 0 {
                format!("{en_name} took back their last action")
            } else {
                format!("{fr_name} a repris sa dernière action")
            };
            assert!(other.contains(&hidden) && !other.contains(description.as_str()), "{other}");
            assert!(!fr.contains("p0") && !fr.contains("p1") && !en.contains("p1 took"), "{fr} {en}");
            seen[s] = true;
        }
        let Some(m) = (0..2).find(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())) else {
            return Err("nobody to move".into());
        };
        let legal = last[m]["legal"].as_array().ok_or("no legal")?;
        let chose = &legal[pick.index(legal.len())];
        let a = chose["notation"].as_str().ok_or("no notation")?.to_owned();
        chosen[m] = (a.clone(), chose["description"].as_str().ok_or("no description")?.to_owned());
        conns[m].send(&act(last[m]["move"].as_u64().ok_or("no move")?, &a)).await?;
        for s in 0..2 {
            last[s] = next_state(&mut conns[s]).await?;
        }
    }
    assert_eq!(seen, [true; 2], "each seat took back an action");
    Ok(())
}

#[test]
fn languages_of_a_request() {
    assert_eq!(from_accept_language("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"), Some(Locale::Fr));
    assert_eq!(from_accept_language("en;q=0.4, fr;q=0.6"), Some(Locale::Fr));
    assert_eq!(from_accept_language("de, it"), None);
    assert_eq!(from_accept_language("fr;q=0, en"), Some(Locale::En));
    assert_eq!(from_accept_language("en-XA"), Some(Locale::Pseudo));
    assert_eq!(locale_of_request(Some("limit=3&lang=fr"), Some("en")), Locale::Fr);
    assert_eq!(locale_of_request(Some("lang=xx"), Some("fr")), Locale::Fr);
    assert_eq!(locale_of_request(None, None), Locale::En);
    // Every message of the server's catalog has its French, and nested messages follow the language.
    let m = Msg::new("cannot-undo").arg("seat", Msg::new("seat-bot").arg("number", 2u32));
    assert_eq!(m.text(Locale::En), "Bot 2 cannot take back the last action");
    assert_eq!(m.text(Locale::Fr), "Robot 2 ne peut pas reprendre la dernière action");
    let english = sylvan_words::check::messages(include_str!("../../i18n/en/server.ftl"));
    for id in english.unwrap_or_default().keys() {
        assert!(sylvan_server::words::catalog().has(Locale::Fr, id), "no French `{id}`");
    }
}

/// `sylvan join`'s own lines (issue 35): a seat played in `locale` through the terminal client to the
/// end of a game against a bot, with a bad action number and an action typed out of turn on the way.
async fn join_session(addr: &str, locale: Locale, seed: u64) -> Result<String, String> {
    let seats = json!([{ "kind": "taken" }, { "kind": "bot", "spec": "heuristic" }]);
    let (id, tokens) =
        create(addr, json!({ "game": "spirit-duel", "players": 2, "seats": seats, "seed": seed })).await?;
    let link = format!("http://{addr}/play/{id}#token={}", tokens[0]);
    tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        let input = std::io::Cursor::new(format!("99\nhelp\n{}", "1\n".repeat(3000)));
        sylvan_server::terminal::join(&link, locale, input, &mut out)
            .map(|()| String::from_utf8_lossy(&out).into_owned())
    })
    .await
    .map_err(|e| e.to_string())?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_join_session_prints_french() -> TestResult {
    let addr = start("i18n-join", Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    let fr = join_session(&addr, Locale::Fr, 3).await?;
    for french in [
        "partie spirit-duel",
        "en tant que p0 — tapez le numéro d'une action",
        "à vous de jouer\u{a0}:",
        "pas d'action numéro 99\u{a0}: choisissez de 1 à",
        "partie terminée",
    ] {
        assert!(fr.contains(french), "`{french}` missing:\n{fr}");
    }
    let last = fr.lines().last().unwrap_or_default();
    assert!(last.starts_with("gagnant") || last == "match nul", "{last}");
    // None of the client's English lines, and French typography throughout.
    for english in ["your move", " as p0", "game over", "type the number", "no action number", "winner"] {
        assert!(!fr.contains(english), "`{english}` in a French session:\n{fr}");
    }
    assert!(!fr.contains(" :"), "{fr}");
    // The same session in English, and in the pseudo-locale: every line the client writes itself comes
    // from the catalog (the pseudo-locale changes all of them; a line left in the code would not).
    let en = join_session(&addr, Locale::En, 3).await?;
    assert!(en.contains("your move:") && en.contains("no action number 99: choose 1 to"), "{en}");
    let pseudo = join_session(&addr, Locale::Pseudo, 3).await?;
    // (The game's own text stays English there: the game is asked for English, and its events may say
    // `game over`; the client's lines are checked.)
    for english in ["your move:", "no action number", "type the number", " as p0 "] {
        assert!(!pseudo.contains(english), "`{english}` outside the catalog:\n{pseudo}");
    }
    let last = pseudo.lines().last().unwrap_or_default();
    assert!(!last.starts_with("winner") && !last.starts_with("no winner") && last != "draw", "{last}");
    Ok(())
}

/// The browser offers each language of the engine's list (`GET /api/i18n`, with its name from its
/// `locale.ftl`) and gets each one's own `web/i18n/<code>/web.ftl` (`GET /api/i18n/<code>`): a language
/// is one line of the list and its folders, with no list of the server's own.
#[tokio::test]
async fn the_browser_gets_each_listed_language_from_its_folder() -> TestResult {
    let addr = start("i18n-list", Limits::default()).await?;
    let (status, list) = request(&addr, "GET", "/api/i18n", &[], None).await?;
    assert_eq!(status, 200, "{list}");
    let codes: Vec<&str> =
        list["locales"].as_array().into_iter().flatten().filter_map(|l| l["code"].as_str()).collect();
    assert_eq!(codes, Locale::ALL.map(|l| l.code()).to_vec(), "{list}");
    for lang in Lang::ALL {
        let listed = list["locales"].as_array().into_iter().flatten().find(|l| l["code"] == lang.code());
        assert_eq!(listed.map(|l| l["name"].clone()), Some(json!(lang.name())), "{list}");
        let path = format!("{}/../../web/i18n/{}/web.ftl", env!("CARGO_MANIFEST_DIR"), lang.code());
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let messages = sylvan_words::flat::messages(&text, lang.into())?;
        let (status, body) = request(&addr, "GET", &format!("/api/i18n/{}", lang.code()), &[], None).await?;
        assert_eq!(status, 200, "{body}");
        let mut plain = 0;
        for (id, parts) in messages {
            if let [sylvan_words::flat::Part::Text(t)] = &parts[..] {
                assert_eq!(body["messages"][&id], json!([t]), "{} {id}", lang.code());
                plain += 1;
            }
        }
        assert!(plain > 20, "{}: {plain}", lang.code());
        // Its writing, from its `locale.ftl`, as the engine writes: the browser formats the same way.
        let typo = &listed.map(|l| l["typography"].clone()).unwrap_or_default();
        let text = |key: &str| typo[key].as_str().map(str::to_owned).ok_or(format!("{} {key}: {typo}", lang.code()));
        let (decimal, percent, space) = (text("decimal")?, text("percent")?, text("sign_space")?);
        assert_eq!(lang.number(2.5), format!("2{decimal}5"), "{typo}");
        assert_eq!(lang.number_text("41%".to_owned()), format!("41{percent}"), "{typo}");
        let signs: Vec<&str> =
            typo["space_before"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        for sign in [":", ";", "!", "?"] {
            let spaced = if signs.contains(&sign) { format!("a{space}{sign}") } else { format!("a {sign}") };
            assert_eq!(lang.typeset(&format!("a {sign}")), spaced, "{} {sign}: {typo}", lang.code());
        }
        match typo["quotes"].as_array().map(Vec::as_slice) {
            Some([open, close]) => {
                let (open, close) = (open.as_str().unwrap_or_default(), close.as_str().unwrap_or_default());
                assert_eq!(lang.typeset(&format!("{open} a {close}")), format!("{open}{space}a{space}{close}"));
            }
            Some([]) => assert_eq!(lang.typeset("« a »"), "« a »", "{typo}"),
            _ => return Err(format!("{}: quotes: {typo}", lang.code())),
        }
    }
    // The pseudo-locale writes as English, its language, and is named in pseudo-English.
    let pseudo = list["locales"].as_array().into_iter().flatten().find(|l| l["code"] == "en-XA");
    let english = list["locales"].as_array().into_iter().flatten().find(|l| l["code"] == "en");
    assert_eq!(pseudo.map(|l| (&l["pseudo"], &l["lang"])), Some((&json!(true), &json!("en"))), "{list}");
    assert_eq!(pseudo.map(|l| &l["typography"]), english.map(|l| &l["typography"]), "{list}");
    assert_eq!(pseudo.map(|l| l["name"].clone()), Some(json!(sylvan_words::pseudo(Lang::En.name()))), "{list}");
    let (status, _) = request(&addr, "GET", "/api/i18n/klingon", &[], None).await?;
    assert_eq!(status, 404);
    Ok(())
}

/// A bot seat whose spec does not read (`ismcts:iters=x`, an unknown bot) is refused in the bots' own
/// words (`crates/registry/i18n/<code>/bots.ftl`) in the request's language, not in English `Display`.
#[tokio::test]
async fn a_bad_bot_spec_is_refused_in_the_language_of_the_request() -> TestResult {
    let addr = start("i18n-bots", Limits::default()).await?;
    for spec in ["ismcts:iters=x", "zorg", "heuristic:depth=2"] {
        let seats = json!([{ "kind": "taken" }, { "kind": "bot", "spec": spec }]);
        let body = json!({ "game": "equinox", "players": 2, "seats": seats });
        let problem = spec.parse::<sylvan_bots::BotSpec>().err().ok_or(format!("`{spec}` reads"))?;
        let mut said = Vec::new();
        for locale in [Locale::En, Locale::Fr] {
            let path = format!("/api/games?lang={}", locale.code());
            let (status, answer) = request(&addr, "POST", &path, &[], Some(&body)).await?;
            assert_eq!(status, 400, "{spec} {answer}");
            let error = error_of(&answer);
            let words = locale.lang().typeset(&sylvan_registry::spec_error_text(&problem, locale));
            assert!(error.ends_with(&words), "{spec} in {locale}: {error:?} does not end with {words:?}");
            said.push(error);
        }
        assert!(said[0].starts_with("seat 1: "), "{said:?}");
        assert!(said[1].starts_with("place 1\u{a0}: "), "{said:?}");
        assert_ne!(said[0], said[1]);
    }
    // The bots' words, as each catalog writes them.
    let (_, en) = request(&addr, "POST", "/api/games?lang=en", &[], Some(&bad_iters())).await?;
    assert!(error_of(&en).contains("`iters=x`: expected a whole number from"), "{en}");
    let (_, fr) = request(&addr, "POST", "/api/games", &[("Accept-Language", "fr")], Some(&bad_iters())).await?;
    assert!(error_of(&fr).contains("`iters=x`\u{a0}: un nombre entier de"), "{fr}");
    assert!(!error_of(&fr).contains("expected"), "{fr}");
    Ok(())
}

fn bad_iters() -> Value {
    json!({ "game": "equinox", "players": 2, "seats": [{ "kind": "taken" }, { "kind": "bot", "spec": "ismcts:iters=x" }] })
}

/// A stored game whose bot spec no longer reads (`Lobby::build_bots` at restore) is set aside with the
/// seat and the bots' own words in English, the operator's language (the log's and the broken list's
/// `error`); the same spec refused at `create` reaches the client in its language (above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_game_with_a_bad_bot_spec_is_set_aside_in_the_operators_words() -> TestResult {
    let db = temp_db("i18n-restore-bot");
    let (addr, _first) = start_server(sylvan_server::Registry::standard(), &db, Limits::default(), None).await?;
    let seats = json!([{ "kind": "taken" }, { "kind": "bot", "spec": "random" }]);
    let (id, _) = create(&addr, json!({ "game": "equinox", "players": 2, "seats": seats, "seed": 4 })).await?;
    {
        let conn = rusqlite::Connection::open(&db).map_err(|e| e.to_string())?;
        conn.execute("UPDATE seats SET bot = 'zorg' WHERE game_id = ?1 AND kind = 'bot'", [&id])
            .map_err(|e| e.to_string())?;
    }
    let (addr, server) = start_server(sylvan_server::Registry::standard(), &db, Limits::default(), None).await?;
    assert_eq!(server.broken().len(), 1);
    let problem = "zorg".parse::<sylvan_bots::BotSpec>().err().ok_or("`zorg` reads")?;
    let words = sylvan_registry::spec_error_text(&problem, Locale::En);
    for path in ["/api/games?status=broken", "/api/games?status=broken&lang=fr"] {
        let (status, list) = request(&addr, "GET", path, &[], None).await?;
        assert_eq!(status, 200, "{list}");
        let error = list["games"][0]["error"].as_str().unwrap_or("");
        assert!(error.ends_with(&format!("seat 1: {words}")), "{path}: {error:?} does not end with {words:?}");
    }
    Ok(())
}
