import AuthFirebase
import AuthPlatform

/// The Firebase project the home's accounts live in (`firebase use/show/off`): chosen by its
/// API key and id (or an Apple app's GoogleService-Info.plist), the key checked against the
/// project first with one cheap call, then stored; shown with where authctl reaches it; turned
/// off (the project's accounts stay in their own keystore, for a later use).
package struct ProjectSettings: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The project to use, as the person names it.
    package struct Choice: Sendable, Equatable {
        package var apiKey: String
        package var projectID: String
        /// A GoogleService-Info.plist naming the key and id instead (read when the choice is used).
        package var plistPath: String?
        package var tenantID: String?
        package var authDomain: String?
        package var iosBundleID: String?
        package var androidPackage: String?
        package var androidCertificate: String?
        package var referrer: String?
        /// GitHub's app also accepts the loopback callback: GitHub sign-ins return to this machine.
        package var githubAcceptsLocalhost: Bool
        /// Check the API key against the project before storing it (false: offline set-up).
        package var checksKey: Bool

        package init(
            apiKey: String = "", projectID: String = "", plistPath: String? = nil, tenantID: String? = nil, authDomain: String? = nil,
            iosBundleID: String? = nil, androidPackage: String? = nil, androidCertificate: String? = nil, referrer: String? = nil,
            githubAcceptsLocalhost: Bool = false, checksKey: Bool = true
        ) {
            self.apiKey = apiKey
            self.projectID = projectID
            self.plistPath = plistPath
            self.tenantID = tenantID
            self.authDomain = authDomain
            self.iosBundleID = iosBundleID
            self.androidPackage = androidPackage
            self.androidCertificate = androidCertificate
            self.referrer = referrer
            self.githubAcceptsLocalhost = githubAcceptsLocalhost
            self.checksKey = checksKey
        }
    }

    /// The project in use and where authctl reaches it (the API key is public, not a secret).
    package struct Project: Sendable, Equatable {
        package var projectID: String
        package var apiKey: String
        package var tenantID: String?
        package var authDomain: String
        /// The project's auth handler page, where its providers return.
        package var handlerURI: String
        /// The Identity Toolkit API authctl sends to.
        package var endpoint: String
        /// The Auth emulator's host:port, when ``emulatorHostVariable`` names one.
        package var emulatorHost: String?
    }

    /// The environment variable that points authctl at the Auth emulator.
    package static var emulatorHostVariable: String { FirebaseEndpoints.emulatorHostVariable }

    /// The project in use, or nil: accounts are local.
    package func current() throws -> Project? {
        try FirebaseBackendKind.project(in: runtime).map { try shown($0) }
    }

    /// Keeps accounts in the chosen project from now on. A key the project refuses (or a project
    /// that cannot be reached) stores nothing.
    package func use(_ choice: Choice) async throws -> Project {
        let project = try Self.project(of: choice).validated()
        if choice.checksKey {
            let domains = try await ProjectConfigCall(project: project, endpoints: try endpoints()).authorizedDomains(transport: runtime.transport)
            runtime.options.log("firebase use: the project accepts the API key; authorized domains: \(domains.joined(separator: ", "))")
        }
        try runtime.home.ensureExists()
        try runtime.storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).update { $0.project = project }
        return try shown(project)
    }

    /// Back to local accounts; answers the id of the project no longer used (nil: accounts were local already).
    package func off() throws -> String? {
        guard let previous = try FirebaseBackendKind.project(in: runtime) else { return nil }
        try runtime.storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).update { $0.project = nil }
        return previous.projectID
    }

    /// The project of the choice, or of its plist with the choice's tenant, domain and identity on top.
    static func project(of choice: Choice) throws -> FirebaseProject {
        let identity = ClientIdentity(
            iosBundleID: choice.iosBundleID, androidPackage: choice.androidPackage, androidCertificate: choice.androidCertificate,
            referrer: choice.referrer
        ).orNil
        var project: FirebaseProject
        if let plistPath = choice.plistPath {
            project = try GoogleServiceInfo.read(path: plistPath).project()
            project.tenantID = choice.tenantID
            project.customAuthDomain = choice.authDomain
            if let identity { project.clientIdentity = identity }
        } else {
            project = FirebaseProject(apiKey: choice.apiKey, projectID: choice.projectID, tenantID: choice.tenantID, authDomain: choice.authDomain)
            project.clientIdentity = identity
        }
        project.githubAcceptsLocalhost = choice.githubAcceptsLocalhost ? true : nil
        return project
    }

    private func endpoints() throws -> FirebaseEndpoints {
        try FirebaseBackendKind.endpoints(in: runtime)
    }

    private func shown(_ project: FirebaseProject) throws -> Project {
        let endpoints = try endpoints()
        return Project(
            projectID: project.projectID, apiKey: project.apiKey, tenantID: project.tenantID, authDomain: project.authDomain,
            handlerURI: project.handlerURI, endpoint: endpoints.identityToolkit, emulatorHost: endpoints.emulatorHost)
    }
}
