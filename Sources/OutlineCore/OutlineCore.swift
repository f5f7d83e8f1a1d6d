// OutlineCore: the internals of the `outline` terminal app that read input from outside — the
// JSON parser, writer and document model, the terminal key decoder and `Key`, and the
// `--script` reader — in a library of their own so that the fuzz package (`Fuzz/`) and the
// benchmark tool can link them.
//
// It is NOT part of Snapshot's API: no stability is promised, names may change with the
// outline's needs, and nothing here is meant for apps. Its declarations are `public` only so
// that `outline`, `Fuzz/` and `snapshot-bench` can reach them across the module boundary.
// The module does not import Foundation.
