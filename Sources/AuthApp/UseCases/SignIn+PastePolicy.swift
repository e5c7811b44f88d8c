/// The paste of a sign-in, decided once here from what the front door can do (Decisions/0038),
/// not by each door.
extension SignIn {
    /// What a front door can do with a pasted address.
    package enum PasteAbility: Sendable, Equatable {
        /// Nothing can be pasted (a library presenter without a reader).
        case none
        /// The command's stdin, which is no terminal: a paste is read only when one is asked for
        /// (`--paste`, or a provider's app that returns only to the project's handler page).
        case whenAsked
        /// A person at a terminal: asked to paste when no browser opens here, or it fails to start.
        case terminal
        /// A presenter that reads: the paste is offered from the start, beside the listener.
        case fromStart
    }

    /// The paste of one sign-in, decided once from what the door can do and what the person asked.
    package struct PastePolicy: Sendable, Equatable {
        /// The paste races the listener from the start (this machine's flow).
        package var pastesFromStart: Bool
        /// A browser that fails to start brings the paste prompt.
        package var offersAfterBrowserFails: Bool
        /// A paste can be taken at all: only then may a provider's app that knows only the
        /// project's handler page return there.
        package var canPaste: Bool

        package init(pastesFromStart: Bool, offersAfterBrowserFails: Bool, canPaste: Bool) {
            self.pastesFromStart = pastesFromStart
            self.offersAfterBrowserFails = offersAfterBrowserFails
            self.canPaste = canPaste
        }

        package static func decide(asksToPaste: Bool, opensBrowser: Bool, ability: PasteAbility) -> PastePolicy {
            let person = ability == .terminal || ability == .fromStart
            return PastePolicy(
                pastesFromStart: ability != .none && (asksToPaste || ability == .fromStart || (!opensBrowser && ability == .terminal)),
                offersAfterBrowserFails: person, canPaste: ability != .none)
        }
    }

    /// The paste policy of `input` through `ports`.
    static func policy(_ input: Input, _ ports: Ports) -> PastePolicy {
        PastePolicy.decide(asksToPaste: input.asksToPaste, opensBrowser: ports.opensBrowser, ability: ports.paste)
    }
}
