import Foundation
@testable import AuthCore
@testable import AuthFirebase
import AuthJOSE
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// A suite over a Firebase project answered from a script: the test sets each Identity Toolkit
/// method's answer (`answer`), and every call is recorded in order with its body (`calls`), over
/// in-memory storage and a fixed clock.
protocol ScriptedProjectSuite {
    var storage: InMemoryDocumentStorage { get }
    var project: FirebaseProject { get }
    var answers: LockedValue<[String: HTTPResponse]> { get }
    var calls: LockedValue<[ScriptedCall]> { get }
}

/// One call to the scripted project: its method (`signInWithPassword`, `mfaSignIn:finalize`) and JSON body.
struct ScriptedCall: Sendable {
    var method: String
    var body: JSONValue?
}

extension ScriptedProjectSuite {
    var transport: FakeTransport {
        FakeTransport { [answers, calls] request in
            let method = request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")
            calls.withLock { $0.append(ScriptedCall(method: method, body: request.body.flatMap { try? JSONValue.parse($0) })) }
            return answers.withLock { $0[method] } ?? HTTPResponse(status: 404)
        }
    }

    /// The project's backend, with `code` as the second factor a prompt would give.
    func backend(code: String? = nil) throws -> FirebaseAccountBackend {
        FirebaseAccountBackend(
            project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
            storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
            clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)), secondFactor: SecondFactorSource { _ in code })
    }

    func answer(_ method: String, _ json: JSONValue, status: Int = 200) { answers.withLock { $0[method] = .json(json, status: status) } }

    /// The methods called so far, in order.
    var methodsCalled: [String] { calls.withLock { $0.map(\.method) } }

    /// The body of the latest call of `method`, if there was one.
    func body(of method: String) -> JSONValue? { calls.withLock { $0.last { $0.method == method }?.body } }

    /// An unsigned ID token of `uid` (the finalize answer names its user only in the token).
    static func idToken(_ uid: String) -> String {
        Base64URL.encode(Array(#"{"alg":"RS256"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"sub":"\#(uid)","exp":1800003600}"#.utf8)) + ".c2ln"
    }
}
