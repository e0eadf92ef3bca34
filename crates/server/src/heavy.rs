//! Heavy work (replays, analyses, hints): on the blocking pool, at most [`Limits::heavy_workers`] at
//! once and [`Limits::heavy_queue`] waiting (more gets 429), so that it never holds the async workers
//! that carry every game's messages. Answers are serialized on the pool, and kept in a small cache
//! bounded by count and by bytes; a cached answer is served without a copy.
//!
//! Public for its test (`tests/server/units.rs`); a server makes its own.
//!
//! [`Limits::heavy_workers`]: crate::Limits::heavy_workers
//! [`Limits::heavy_queue`]: crate::Limits::heavy_queue

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Bytes;
use serde_json::Value;
use tokio::sync::Semaphore;

use crate::lobby::ApiError;

/// Answers kept at most.
pub const CACHE: usize = 256;

/// Bytes of answers kept at most (a replay step of a long game holds its whole log).
pub const CACHE_BYTES: usize = 64 << 20;

/// The pool's gate and the cache of answers (one per server).
pub struct Heavy {
    workers: Arc<Semaphore>,
    /// Jobs running or waiting.
    taken: AtomicUsize,
    max: usize,
    cache: Mutex<Cache>,
}

/// The cached answers (JSON text) by key, their keys oldest first, and their bytes in all.
type Cache = (HashMap<String, Bytes>, VecDeque<String>, usize);

/// A job counted in [`Heavy::taken`] until dropped.
struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Heavy {
    /// A pool of `workers` (at least 1) running at once and `queue` more waiting.
    pub fn new(workers: usize, queue: usize) -> Heavy {
        let workers = workers.max(1);
        Heavy {
            workers: Arc::new(Semaphore::new(workers)),
            taken: AtomicUsize::new(0),
            max: workers.saturating_add(queue),
            cache: Mutex::new((HashMap::new(), VecDeque::new(), 0)),
        }
    }

    /// The cached answer for `key`, if any.
    pub fn cached(&self, key: &str) -> Option<Bytes> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner).0.get(key).cloned()
    }

    /// Keeps an answer, forgetting the oldest past [`CACHE`] answers or [`CACHE_BYTES`] bytes (one
    /// larger than that is not kept).
    fn keep(&self, key: String, value: Bytes) {
        if value.len() > CACHE_BYTES {
            return;
        }
        let mut c = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        let (map, order, bytes) = &mut *c;
        *bytes += value.len();
        match map.insert(key.clone(), value) {
            Some(old) => *bytes -= old.len(),
            None => order.push_back(key),
        }
        while order.len() > CACHE || *bytes > CACHE_BYTES {
            let Some(old) = order.pop_front() else { break };
            if let Some(v) = map.remove(&old) {
                *bytes -= v.len();
            }
        }
    }

    /// Runs `job` on the blocking pool when a worker is free, unless too many jobs already wait (429),
    /// and gives its answer as JSON text; with a `key`, the answer is cached and a cached one is given
    /// at once.
    pub async fn run<F>(&self, key: Option<String>, job: F) -> Result<Bytes, ApiError>
    where
        F: FnOnce() -> Result<Value, ApiError> + Send + 'static,
    {
        if let Some(v) = key.as_deref().and_then(|k| self.cached(k)) {
            return Ok(v);
        }
        if self.taken.fetch_add(1, Ordering::AcqRel) >= self.max {
            self.taken.fetch_sub(1, Ordering::AcqRel);
            return Err(ApiError::Busy(msg!("busy")));
        }
        let _slot = Slot(&self.taken);
        let permit = self
            .workers
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ApiError::Internal(msg!("pool-closed", detail = e.to_string())))?;
        let answer = tokio::task::spawn_blocking(move || {
            let answer = job().and_then(|v| {
                serde_json::to_vec(&v)
                    .map(Bytes::from)
                    .map_err(|e| ApiError::Internal(msg!("internal", detail = e.to_string())))
            });
            drop(permit);
            answer
        })
        .await
        .map_err(|e| ApiError::Internal(msg!("job-failed", detail = e.to_string())))??;
        if let Some(k) = key {
            self.keep(k, answer.clone());
        }
        Ok(answer)
    }
}
