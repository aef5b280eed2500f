import Testing
@testable import step3
@Test func placeholder() {}
