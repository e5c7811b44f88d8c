import Testing

@Test func placeholderAuthCryptoTests() { #expect(1 + 1 == 2) }
