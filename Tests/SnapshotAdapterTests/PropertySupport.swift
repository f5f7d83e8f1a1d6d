// The shared property-testing support (the seeded runner and its shrinker), visible to every
// file of this target.
@_exported import SnapshotPropertySupport
