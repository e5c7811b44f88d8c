import Testing

@Test func placeholderAuthCLITests() { #expect(1 + 1 == 2) }
