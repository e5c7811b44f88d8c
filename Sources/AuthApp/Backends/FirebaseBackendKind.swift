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
        guard let project = try Self.project(in: runtime).map({ try Self.applying(runtime.options.projectCalls, to: $0) }) else { return nil }
        let endpoints = try Self.endpoints(in: runtime)
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

    /// `project` with what the program set for its calls (``ProjectCallSettings``): its tenant and
    /// handler domain, checked as `firebase use` checks them (the tenant names a directory).
    static func applying(_ settings: ProjectCallSettings, to project: FirebaseProject) throws -> FirebaseProject {
        var project = project
        if let tenant = settings.tenantID { project.tenantID = tenant }
        if let domain = settings.authDomain { project.customAuthDomain = domain }
        return settings == ProjectCallSettings() ? project : try project.validated()
    }

    /// The project's endpoints: the emulator the program chose, else `FIREBASE_AUTH_EMULATOR_HOST`'s, else Google's.
    static func endpoints(in runtime: AuthRuntime) throws -> FirebaseEndpoints {
        try FirebaseEndpoints(emulatorHost: runtime.options.projectCalls.emulatorHost ?? runtime.environment[FirebaseEndpoints.emulatorHostVariable])
    }

    func backend(project: FirebaseProject, in runtime: AuthRuntime) throws -> ConfiguredBackend {
        let project = try Self.applying(runtime.options.projectCalls, to: project)
        let storage = NamespacedDocumentStorage(runtime.storage, namespace: project.storageNamespace)
        let endpoints = try Self.endpoints(in: runtime)
        let backend = FirebaseAccountBackend(
            project: project, endpoints: endpoints, storage: storage, transport: runtime.transport, clock: runtime.effects.clock,
            secondFactor: runtime.options.secondFactor, languageCode: runtime.options.projectCalls.languageCode)
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
