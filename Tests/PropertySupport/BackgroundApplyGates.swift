import Snapshot

/// Makes background applies' interleavings deterministic: the data source's test hook waits
/// here after each diff until the test opens the apply's gate, so that the test decides what
/// happens on the actor meanwhile. Each apply is told apart by a task-local ticket.
package actor BackgroundApplyGates {
  @TaskLocal package static var ticket = 0

  private var open: Set<Int> = []
  private var waiting: [Int: [CheckedContinuation<Void, Never>]] = [:]
  private var arrivals: [Int: Int] = [:]
  private var watchers: [(ticket: Int, count: Int, CheckedContinuation<Void, Never>)] = []

  package init() {}

  /// Installs the hook on `source`: every background diff then waits at its ticket's gate.
  package nonisolated func attach<Section, Item>(to source: DiffableDataSource<Section, Item>) {
    source._backgroundDiffHook = { [self] in await self.arrive(Self.ticket) }
  }

  /// How many times the applies of `ticket` have reached their gate.
  package func arrivals(_ ticket: Int) -> Int { arrivals[ticket, default: 0] }

  /// Waits until the applies of `ticket` have reached their gate `count` times in all.
  package func waitForArrivals(_ ticket: Int, count: Int = 1) async {
    if arrivals[ticket, default: 0] >= count { return }
    await withCheckedContinuation { watchers.append((ticket, count, $0)) }
  }

  /// Opens the gate of `ticket` for good: waiting diffs go on, later ones pass.
  package func open(_ ticket: Int) {
    open.insert(ticket)
    for waiter in waiting.removeValue(forKey: ticket) ?? [] { waiter.resume() }
  }

  private func arrive(_ ticket: Int) async {
    arrivals[ticket, default: 0] += 1
    let reached = watchers.filter { $0.ticket == ticket && $0.count <= arrivals[ticket]! }
    watchers.removeAll { $0.ticket == ticket && $0.count <= arrivals[ticket]! }
    for watcher in reached { watcher.2.resume() }
    if open.contains(ticket) { return }
    await withCheckedContinuation { waiting[ticket, default: []].append($0) }
  }
}
