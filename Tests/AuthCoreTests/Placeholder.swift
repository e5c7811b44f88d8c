import Testing

@Test func placeholderAuthCoreTests() { #expect(1 + 1 == 2) }
