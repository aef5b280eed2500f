import Testing
@testable import step6
