import Testing
@testable import step2
@Test func placeholder() {}
