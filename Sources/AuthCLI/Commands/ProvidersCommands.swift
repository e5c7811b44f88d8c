import AuthCore
import AuthOAuth
import AuthProviders

/// `authctl providers add | list | show | remove`.
enum ProvidersCommands {
    struct AddArguments {
        var id: String
        var issuer: String?
        var clientID: String
        var secretFromStandardInput: Bool
        var secretEnvironmentVariable: String?
        var scopes: [String]
        var parameters: [String]
        var redirectPort: UInt16?
        var acceptsHS256IDTokens: Bool
        var apiBase: String?
        var redirectURI: String?
    }

    static func add(_ arguments: AddArguments, in env: CommandEnvironment) throws {
        let parameters = try AuthorizationRequest.parseParameters(arguments.parameters)
        var secret: String?
        if arguments.secretFromStandardInput {
            guard let bytes = env.context.readStandardInput(CommandEnvironment.maximumStandardInputBytes) else {
                throw UsageError.invalidValue(option: "--client-secret-stdin", value: "", reason: "standard input is too large for a secret", command: ["providers", "add"])
            }
            secret = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if secret?.isEmpty ?? true { throw ProviderError.missingClientSecret(source: "standard input") }
        } else if let name = arguments.secretEnvironmentVariable {
            guard let value = env.context.environment[name], !value.isEmpty else {
                throw ProviderError.missingClientSecret(source: "the environment variable \(name)")
            }
            secret = value
        }
        // The preset's issuer unless one is given; a kind without issuers takes none.
        let presets = env.registry.presets
        let issuer = arguments.issuer ?? presets.preset(arguments.id)?.defaultIssuer ?? ""
        if issuer.isEmpty, presets.kind(forID: arguments.id)?.usesIssuer ?? true {
            throw UsageError.missingOption("--issuer", command: ["providers", "add"])
        }
        let configuration = ProviderConfiguration(
            id: arguments.id, issuer: issuer, clientID: arguments.clientID, clientSecret: secret,
            scopes: arguments.scopes, customParameters: parameters, redirectPort: arguments.redirectPort,
            acceptsHS256IDTokens: arguments.acceptsHS256IDTokens, apiBase: arguments.apiBase, redirectURI: arguments.redirectURI
        )
        try env.home.ensureExists()
        try env.registry.add(configuration)
        if env.json { env.output(Render.json(configuration, kind: env.registry.kindName(of: configuration))) }
        env.notice("Added \(configuration.id)" + (configuration.issuer.isEmpty ? "." : " (issuer \(configuration.issuer))."))
    }

    static func list(in env: CommandEnvironment) throws {
        let providers = try env.registry.all()
        if env.json {
            env.output(.array(providers.map { Render.json($0, kind: env.registry.kindName(of: $0)) }))
            return
        }
        if providers.isEmpty {
            env.notice("No providers configured; add one with 'authctl providers add oidc.<name> --issuer URL --client-id ID'.")
            return
        }
        let width = providers.map(\.id.count).max() ?? 0
        for provider in providers {
            env.output(provider.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + provider.issuer + "\n")
        }
    }

    static func show(_ id: String, in env: CommandEnvironment) throws {
        let provider = try env.registry.provider(id)
        env.json ? env.output(Render.json(provider, kind: env.registry.kindName(of: provider))) : env.output(Render.text(provider))
    }

    static func remove(_ id: String, in env: CommandEnvironment) throws {
        try env.registry.remove(id)
        env.notice("Removed \(id).")
    }
}

import Foundation
