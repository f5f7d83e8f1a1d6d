// The `Snapshot` module: value types that describe what an outline list shows, and the
// engine that turns two of them into the batch updates a list view animates.
