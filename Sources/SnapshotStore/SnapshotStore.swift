// SnapshotStore module
