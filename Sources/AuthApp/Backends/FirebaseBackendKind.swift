import AuthCore
import AuthFirebase
import AuthPlatform
import AuthStorage

/// A Firebase / Identity Platform project (Decisions/0012): configured by the home's
/// `firebase.json`, or by a program's settings (`apiKey`, `projectId`). Its signed-in users are kept
/// in the home under the project's namespace; endpoints per `FIREBASE_AUTH_EMULATOR_HOST`.
package struct FirebaseBackendKind: AccountBackendKind {
    package init() {}
    package var id: String { "firebase" }

    package func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? {
        try Self.project(in: runtime).map { try backend(project: $0, in: runtime) }
    }

    package func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
        guard let apiKey = settings["apiKey"], let projectID = settings["projectId"] else {
            throw InvalidSetting(setting: "firebase", value: "", reason: "a project needs its apiKey and projectId")
        }
        var project = FirebaseProject(apiKey: apiKey, projectID: projectID, tenantID: settings["tenantId"])
        project.clientIdentity = ClientIdentity(iosBundleID: settings["iosBundleId"]).orNil
        return try backend(project: project, in: runtime)
    }

    /// `Firebase project: ID` in the text; `firebaseProject` (null without one) in the JSON.
    package func status(in runtime: AuthRuntime) throws -> BackendStatus? {
        let project = try Self.project(in: runtime)?.projectID
        return BackendStatus(lines: project.map { ["Firebase project: \($0)"] } ?? [], members: ["firebaseProject": project.map { .string($0) } ?? .null])
    }

    /// The project's ID tokens: RS256 with Google's securetoken keys, or an emulator's unsigned ones.
    package func idTokenVerifier(in runtime: AuthRuntime) throws -> (any BackendIDTokenVerifier)? {
        guard let project = try Self.project(in: runtime) else { return nil }
        let endpoints = try FirebaseEndpoints(emulatorHost: runtime.environment[FirebaseEndpoints.emulatorHostVariable])
        return FirebaseTokenVerifier(verifier: try FirebaseIDTokenVerifier(
            projectID: project.projectID, tenantID: project.tenantID, endpoints: endpoints, cacheDirectory: runtime.cacheDirectory,
            transport: runtime.transport, clock: runtime.clock))
    }

    /// `password`, with a project (it keeps email and password accounts).
    package func completionValues(in runtime: AuthRuntime) -> [String] {
        ((try? Self.project(in: runtime)) ?? nil) == nil ? [] : ["password"]
    }

    /// The settings ``backend(settings:in:)`` takes for `project`.
    package static func settings(of project: FirebaseProject) -> [String: String] {
        var settings = ["apiKey": project.apiKey, "projectId": project.projectID]
        settings["tenantId"] = project.tenantID
        settings["iosBundleId"] = project.clientIdentity?.iosBundleID
        return settings
    }

    /// The project `firebase use` stored in the home, or nil.
    package static func project(in runtime: AuthRuntime) throws -> FirebaseProject? {
        try runtime.storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).read().project
    }

    func backend(project: FirebaseProject, in runtime: AuthRuntime) throws -> ConfiguredBackend {
        let storage = NamespacedDocumentStorage(runtime.storage, namespace: project.storageNamespace)
        let endpoints = try FirebaseEndpoints(emulatorHost: runtime.environment[FirebaseEndpoints.emulatorHostVariable])
        let backend = FirebaseAccountBackend(
            project: project, endpoints: endpoints, storage: storage, transport: runtime.transport, clock: runtime.effects.clock,
            secondFactor: runtime.options.secondFactor)
        return ConfiguredBackend(kindID: id, backend: backend, storage: storage)
    }
}

/// ``FirebaseIDTokenVerifier`` as a kind's verifier.
struct FirebaseTokenVerifier: BackendIDTokenVerifier {
    let verifier: FirebaseIDTokenVerifier

    func verify(_ token: String) async throws -> VerifiedIDToken {
        let verified = try await verifier.verify(token)
        return VerifiedIDToken(
            claims: verified.claims,
            checks: "Firebase ID token verified: \(verified.algorithm?.rawValue ?? "no") signature, iss, aud, exp, iat, auth_time, sub",
            unsignedAcceptedBecause: verified.algorithm == nil ? FirebaseEndpoints.emulatorHostVariable : nil)
    }
}
