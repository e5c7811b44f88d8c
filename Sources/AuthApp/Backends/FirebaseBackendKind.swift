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
