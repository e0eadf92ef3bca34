//! Heavy work (replays, analyses, hints): on the blocking pool, at most [`Limits::heavy_workers`] at
//! once and [`Limits::heavy_queue`] waiting (more gets 429), so that it never holds the async workers
//! that carry every game's messages. Answers are kept in a small cache.
//!
//! Public for its test (`tests/server/units.rs`); a server makes its own.
//!
//! [`Limits::heavy_workers`]: crate::Limits::heavy_workers
//! [`Limits::heavy_queue`]: crate::Limits::heavy_queue

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;
use tokio::sync::Semaphore;

use crate::lobby::ApiError;

/// Answers kept at most.
pub const CACHE: usize = 256;

/// The pool's gate and the cache of answers (one per server).
pub struct Heavy {
    workers: Arc<Semaphore>,
    /// Jobs running or waiting.
    taken: AtomicUsize,
    max: usize,
    cache: Mutex<Cache>,
}

/// The cached answers by key, and their keys oldest first.
type Cache = (HashMap<String, Arc<Value>>, VecDeque<String>);

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
            cache: Mutex::new((HashMap::new(), VecDeque::new())),
        }
    }

    /// The cached answer for `key`, if any.
    pub fn cached(&self, key: &str) -> Option<Arc<Value>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner).0.get(key).cloned()
    }

    fn keep(&self, key: String, value: Arc<Value>) {
        let mut c = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        let (map, order) = &mut *c;
        if map.insert(key.clone(), value).is_none() {
            order.push_back(key);
        }
        while order.len() > CACHE {
            if let Some(old) = order.pop_front() {
                map.remove(&old);
            }
        }
    }

    /// Runs `job` on the blocking pool when a worker is free, unless too many jobs already wait (429);
    /// with a `key`, the answer is cached and a cached one is given at once.
    pub async fn run<F>(&self, key: Option<String>, job: F) -> Result<Arc<Value>, ApiError>
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
            let answer = job();
            drop(permit);
            answer
        })
        .await
        .map_err(|e| ApiError::Internal(msg!("job-failed", detail = e.to_string())))??;
        let answer = Arc::new(answer);
        if let Some(k) = key {
            self.keep(k, answer.clone());
        }
        Ok(answer)
    }
}
