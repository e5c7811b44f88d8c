import AuthFirebase
import AuthPlatform

/// `authctl firebase show`: the project accounts live in, and where authctl reaches it.
struct FirebaseShowCommand: Command {
    static let name = "show"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show the Firebase project accounts live in.",
        discussion: ["Prints nothing (status 0) when accounts are local."],
        examples: [Example("Show it as JSON:", "authctl firebase show --json")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        guard let project = try env.firebaseProject else {
            if env.json { env.output(JSONValue.object(["project": .null])) }
            env.notice("Accounts are local; run 'authctl firebase use --api-key KEY --project-id ID' to keep them in a Firebase project.")
            return .success
        }
        let endpoints = try env.firebaseEndpoints
        if env.json {
            env.output(Self.json(project, endpoints: endpoints))
            return .success
        }
        var lines = ["project:   \(project.projectID)", "api key:   \(project.apiKey)"]
        if let tenant = project.tenantID { lines.append("tenant:    \(tenant)") }
        lines.append("handler:   \(project.handlerURI)")
        lines.append("endpoint:  \(endpoints.identityToolkit)")
        if let host = endpoints.emulatorHost { lines.append("emulator:  \(host) (\(FirebaseEndpoints.emulatorHostVariable))") }
        env.output(TerminalText(untrusted: lines.joined(separator: "\n") + "\n"))
        return .success
    }

    static func json(_ project: FirebaseProject, endpoints: FirebaseEndpoints) -> JSONValue {
        [
            "project": [
                "projectId": .string(project.projectID), "apiKey": .string(project.apiKey),
                "tenantId": project.tenantID.map { .string($0) } ?? .null,
                "authDomain": .string(project.authDomain),
            ],
            "endpoint": .string(endpoints.identityToolkit),
            "emulatorHost": endpoints.emulatorHost.map { .string($0) } ?? .null,
        ]
    }
}
