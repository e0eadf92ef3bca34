//! `sylvan._sylvan`: the native module of the Python package `sylvan` (the Python sources are in
//! `python/sylvan`). Guide: this crate's `README.md` and `docs/researchers.md`.
//!
//! Every game of the registry, erased: states with OpenSpiel's method
//! names, observation tensors from a seat's view, bots by spec, a vectorized stepper that releases the
//! GIL, and the batch runs (`sim`, `tournament`, and their chunks for Ray) with the command line's JSON.
//! Errors are `sylvan.SylvanError` (a `ValueError`) carrying the engine's message.

mod game;
mod json;
mod runs;
mod vector;

use std::sync::OnceLock;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sylvan_registry::{Entry, Registry};

create_exception!(
    _sylvan,
    SylvanError,
    PyValueError,
    "An error of the Sylvan engine: its message says what and where."
);

/// The games.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The game called `name`.
pub(crate) fn entry(name: &str) -> PyResult<&'static Entry> {
    registry().get(name).map_err(err)
}

/// The engine's error as a Python exception.
pub(crate) fn err(e: impl std::fmt::Display) -> PyErr {
    SylvanError::new_err(e.to_string())
}

/// The games, as dicts: name, summary, players, options, bots, number of action ids.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    registry().listed().map(|e| json::to_py(py, &e.describe()).map(Bound::unbind)).collect()
}

#[pymodule]
fn _sylvan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SylvanError", m.py().get_type::<SylvanError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TERMINAL", game::TERMINAL)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::State>()?;
    m.add_class::<game::Bot>()?;
    m.add_class::<vector::VectorGame>()?;
    m.add_function(wrap_pyfunction!(game::game_from_options, m)?)?;
    runs::register(m)?;
    Ok(())
}
