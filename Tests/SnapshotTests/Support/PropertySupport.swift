// The shared property-testing support (the seeded runner, the data source's random step
// sequences, the recording list view), visible to every file of this target.
@_exported import SnapshotPropertySupport
