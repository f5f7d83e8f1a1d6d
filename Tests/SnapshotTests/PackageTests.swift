import Testing

@testable import Snapshot

@Test func packageBuilds() {
  #expect(Bool(true))
}
