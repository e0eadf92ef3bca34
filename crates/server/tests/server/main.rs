//! Server tests on loopback: a real server (in process, or a real process for the crash test), a real
//! SQLite file and real WebSocket clients.

mod bots;
mod clock;
mod common;
mod crash;
mod hidden;
mod hint;
mod lobby;
mod public;
mod undo;
mod units;
mod web;
