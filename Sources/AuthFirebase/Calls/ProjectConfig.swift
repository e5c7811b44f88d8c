import AuthPlatform

/// `GET v1/projects?key=KEY` (`identitytoolkit.getProjects`, the SDKs' GetProjectConfigRequest):
/// the configuration of the project the API key belongs to.
struct GetProjectConfigRequest: IdentityToolkitCall, Equatable {
    typealias Response = ProjectConfigResponse

    var method: String { "projects" }
    var api: ProjectAPI { .projectConfig }
    var body: [String: JSONValue] { [:] }
}

/// GetProjectConfigResponse: the domains sign-ins may return to.
struct ProjectConfigResponse: ProjectAnswer, Equatable {
    var authorizedDomains: [String]

    init(_ answer: AnswerReader) {
        authorizedDomains = answer.strings("authorizedDomains") ?? []
    }
}
