import AuthApp
import AuthCore
import Testing

/// A door asks for a second factor's code by the factor's name alone (`askSecondFactor`): it names
/// no `SecondFactorSource`, whose closure makes it no value for the doors' vocabulary.
@Suite struct SecondFactorPromptTests {
    @Test func theDoorIsAskedWithTheFactorsName() async {
        var options = AuthRuntime.Options()
        options.askSecondFactor { name in name.map { "123456 for " + $0 } }
        #expect(await options.secondFactor.code(EnrolledFactor(enrollmentID: "e1", displayName: "phone", factorID: "totp")) == "123456 for phone")
        #expect(await options.secondFactor.code(EnrolledFactor(enrollmentID: "e2", factorID: "totp")) == nil)
        // Until a door asks, no code is given and the sign-in stops naming the factors.
        #expect(await AuthRuntime.Options().secondFactor.code(EnrolledFactor(enrollmentID: "e1", displayName: "phone", factorID: "totp")) == nil)
    }
}
