//! spirit-duel: work in progress (see the issue tracker); not yet registered in the CLI.
