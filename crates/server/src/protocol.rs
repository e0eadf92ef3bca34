//! The messages of the WebSocket protocol (see `docs/PROTOCOL.md`), and [`seat_update`], which builds
//! what one seat (or a spectator) is sent from what it may see.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sylvan_engine::erased::{DynEvent, DynGame, LegalAction};
use sylvan_engine::{Lang, Seat};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of every connection, and only the first: with a seat's token, the connection
    /// plays that seat; without, it spectates. The token travels here rather than in the address,
    /// which servers and proxies log (and a browser cannot set WebSocket headers).
    Hello {
        /// The seat's token (none: a spectator).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The language of the texts sent to this connection (view text, action descriptions,
        /// events): `en` (the default) or `fr`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<Lang>,
    },
    /// Plays an action, answering the state of move `move`.
    Act {
        /// The move number the action answers (the `move` of the last state received).
        #[serde(rename = "move")]
        move_number: usize,
        /// The action in notation (or give `id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        /// The action's id (or give `action`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<usize>,
    },
    /// Takes back this seat's last action, answering the state of move `move`.
    Undo {
        /// The move number of the last state received.
        #[serde(rename = "move")]
        move_number: usize,
    },
    /// Asks for the current state again.
    Sync,
}

/// A message to a client.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game as the receiving seat may see it.
    State(Box<SeatUpdate>),
    /// A request was refused; nothing changed.
    Error {
        /// Why.
        message: String,
    },
}

/// What one seat (or a spectator) is sent on connecting and after each change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatUpdate {
    /// The game's id on this server.
    pub game_id: String,
    /// The game's name.
    pub game: String,
    /// The receiving seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The number of actions played: an action or undo must answer it.
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The seat to move (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// The seat's view as JSON (a spectator: what every seat sees, `null` where their views differ).
    pub view: Value,
    /// The seat's view as the terminal shows it (none for a spectator).
    pub text: Option<String>,
    /// The legal actions, when it is this seat's decision.
    pub legal: Vec<LegalAction>,
    /// The events this seat may see since its last message.
    pub events: Vec<DynEvent>,
    /// Whether this seat may take back its last action now.
    pub can_undo: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The final scores, once over.
    pub scores: Option<Vec<f64>>,
    /// The winners, once over.
    pub winners: Option<Vec<Seat>>,
    /// Milliseconds left on the clock of the seat to move, when the game has a per-move clock.
    pub clock_ms: Option<u64>,
}

/// What `seat` (`None`: a spectator) is sent now: built from its view only (the legal actions come
/// from the view's seat being the one to move, and are described from the view).
pub fn seat_update(
    game_id: &str,
    game: &dyn DynGame,
    seat: Option<Seat>,
    events: Vec<DynEvent>,
    can_undo: bool,
) -> SeatUpdate {
    seat_update_in(game_id, game, seat, events, can_undo, Lang::En)
}

/// [`seat_update`] with the view's text and the actions' descriptions in `lang` (the events are
/// passed in already in it).
pub fn seat_update_in(
    game_id: &str,
    game: &dyn DynGame,
    seat: Option<Seat>,
    events: Vec<DynEvent>,
    can_undo: bool,
    lang: Lang,
) -> SeatUpdate {
    let to_move = game.to_move();
    let (view, text, legal) = match seat.and_then(|s| game.view(s).ok()) {
        Some(view) => {
            let mut legal = Vec::new();
            if to_move.is_some() && to_move == seat {
                let mut ids = Vec::new();
                game.legal_ids(&mut ids);
                legal = ids
                    .into_iter()
                    .map(|id| LegalAction {
                        id,
                        notation: game.notation(id).unwrap_or_default(),
                        description: view.describe_in(id, lang).unwrap_or_default(),
                    })
                    .collect();
            }
            (view.to_json(), Some(view.text_in(lang)), legal)
        }
        None => (public_view(game), None, Vec::new()),
    };
    let outcome = game.outcome();
    SeatUpdate {
        game_id: game_id.to_owned(),
        game: game.name().to_owned(),
        seat,
        move_number: game.move_number(),
        to_move,
        view,
        text,
        legal,
        events,
        can_undo,
        over: outcome.is_some(),
        scores: outcome.as_ref().map(|_| game.scores()),
        winners: outcome.map(|o| o.winners().iter().collect()),
        clock_ms: None,
    }
}

/// What every seat sees: the parts of the seats' views (as JSON) that are equal in all of them, with
/// `null` where they differ.
pub fn public_view(game: &dyn DynGame) -> Value {
    let mut views = Seat::all(game.num_seats()).filter_map(|s| game.view(s).ok()).map(|v| v.to_json());
    let Some(first) = views.next() else { return Value::Null };
    views.fold(first, |acc, v| common(&acc, &v))
}

/// The common part of two JSON values.
fn common(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            Value::Object(x.iter().filter_map(|(k, v)| y.get(k).map(|w| (k.clone(), common(v, w)))).collect())
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            Value::Array(x.iter().zip(y).map(|(v, w)| common(v, w)).collect())
        }
        _ if a == b => a.clone(),
        _ => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_part_keeps_what_is_equal() {
        let a = serde_json::json!({ "seat": 0, "table": [1, 2], "hand": [5, 6], "deck": 3 });
        let b = serde_json::json!({ "seat": 1, "table": [1, 2], "hand": [7], "deck": 3, "x": 1 });
        assert_eq!(common(&a, &b), serde_json::json!({ "seat": null, "table": [1, 2], "hand": null, "deck": 3 }));
    }

    #[test]
    fn client_messages_are_strict() {
        let ok: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"act","move":3,"action":"done"}"#);
        assert_eq!(ok.ok(), Some(ClientMessage::Act { move_number: 3, action: Some("done".into()), id: None }));
        let hello: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello","token":"ab"}"#);
        assert_eq!(hello.ok(), Some(ClientMessage::Hello { token: Some("ab".into()), lang: None }));
        let french: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello","lang":"fr"}"#);
        assert_eq!(french.ok(), Some(ClientMessage::Hello { token: None, lang: Some(Lang::Fr) }));
        let watcher: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello"}"#);
        assert_eq!(watcher.ok(), Some(ClientMessage::Hello { token: None, lang: None }));
        for bad in [
            r#"{"type":"act","move":3,"extra":1}"#,
            r#"{"type":"hello","seat":1}"#,
            r#"{"type":"nope"}"#,
            r#"{"move":1}"#,
            "[]",
            "x",
        ] {
            assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
        }
    }
}
