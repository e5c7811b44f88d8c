import AuthOAuth
import AuthPlatform

/// `GET v1/projects?key=KEY` (`identitytoolkit.getProjects`, the SDKs' `getProjectConfig`): the
/// configuration of the project the API key belongs to, and the cheapest call that proves the key
/// works (Decisions/0030). `authctl firebase use` asks it before storing a project, so a wrong,
/// restricted or App-Check-enforced key is refused there with its fix, not at the first sign-in.
package struct ProjectConfigCall: Sendable {
    package let project: FirebaseProject
    package let endpoints: FirebaseEndpoints

    package init(project: FirebaseProject, endpoints: FirebaseEndpoints) {
        self.project = project
        self.endpoints = endpoints
    }

    /// The project's authorized domains, when the key is good; a refusal is named through the one
    /// table (``FirebaseError/init(serverCode:detail:status:during:tenantID:)``).
    package func authorizedDomains(transport: any HTTPTransport) async throws -> [String] {
        do {
            return try await IdentityToolkit(project: project, endpoints: endpoints, transport: transport)
                .send(GetProjectConfigRequest()).authorizedDomains
        } catch let failure as IdentityToolkitFailure {
            throw failure.named(during: .other, tenantID: project.tenantID)
        }
    }
}
