//! Server tests on loopback: a real server (in process, or a real process for the crash test), a real
//! SQLite file and real WebSocket clients.

mod bots;
mod clock;
mod common;
mod crash;
mod database;
mod hidden;
mod hint;
mod i18n;
mod loadtest;
mod lobby;
mod public;
mod undo;
mod units;
mod web;
