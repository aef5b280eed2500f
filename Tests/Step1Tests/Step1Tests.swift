import Testing
@testable import step1
@Test func placeholder() {}
