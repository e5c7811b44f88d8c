import AuthApp
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
        guard let project = try ProjectSettings(runtime: env.runtime).current() else {
            if env.json { env.output(JSONValue.object(["project": .null])) }
            env.notice("Accounts are local; run 'authctl firebase use --api-key KEY --project-id ID' to keep them in a Firebase project.")
            return .success
        }
        if env.json {
            env.output(Self.json(project))
            return .success
        }
        var lines = ["project:   \(project.projectID)", "api key:   \(project.apiKey)"]
        if let tenant = project.tenantID { lines.append("tenant:    \(tenant)") }
        lines.append("handler:   \(project.handlerURI)")
        lines.append("endpoint:  \(project.endpoint)")
        if let host = project.emulatorHost { lines.append("emulator:  \(host) (\(ProjectSettings.emulatorHostVariable))") }
        env.output(TerminalText(untrusted: lines.joined(separator: "\n") + "\n"))
        return .success
    }

    static func json(_ project: ProjectSettings.Project) -> JSONValue {
        [
            "project": [
                "projectId": .string(project.projectID), "apiKey": .string(project.apiKey),
                "tenantId": project.tenantID.map { .string($0) } ?? .null,
                "authDomain": .string(project.authDomain),
            ],
            "endpoint": .string(project.endpoint),
            "emulatorHost": project.emulatorHost.map { .string($0) } ?? .null,
        ]
    }
}
