import Testing

@testable import outline

@Test func placeholderLinks() {
  #expect(placeholder() == 42)
}
