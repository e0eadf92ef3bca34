//! The engine's tests: one binary, one module per area.

mod units;
mod untrusted_text;
