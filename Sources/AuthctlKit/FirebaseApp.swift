internal import AuthApp
internal import AuthPlatform
import Foundation

/// A Firebase app's settings (FirebaseCore's `FirebaseOptions`): what `GoogleService-Info.plist`
/// holds. A class with settable properties, as in the SDK, behind a lock.
public final class FirebaseOptions: NSObject, Sendable {
    private let values: LockedState<[String: String]>

    /// The values of a `GoogleService-Info.plist` (`API_KEY`, `PROJECT_ID`, ...).
    init(values: [String: String]) { self.values = LockedState(values) }

    /// Options with an app id and sender id; set ``apiKey`` and ``projectID`` before configuring.
    public convenience init(googleAppID: String, gcmSenderID: String) {
        self.init(values: ["GOOGLE_APP_ID": googleAppID, "GCM_SENDER_ID": gcmSenderID])
    }

    /// The options of the `GoogleService-Info.plist` at `path`, or nil when it cannot be read or is
    /// not such a file (the reason goes to standard error).
    public convenience init?(contentsOfFile path: String) {
        do {
            self.init(values: try Self.read(path))
        } catch {
            FileHandle.standardError.write(Data("AuthctlKit: \(TerminalSafety.neutralised("\(path): \(error)"))\n".utf8))
            return nil
        }
    }

    /// The options of `GoogleService-Info.plist` in the working directory, else of the file
    /// ``FirebaseApp/plistPathVariable`` names; nil when there is neither.
    public static func defaultOptions() -> FirebaseOptions? {
        guard let path = FirebaseApp.defaultPlistPath() else { return nil }
        return FirebaseOptions(contentsOfFile: path)
    }

    static func read(_ path: String) throws -> [String: String] {
        do { return try FirebaseAppOptions.values(ofFile: path) } catch { throw AuthError(error, providerID: nil) }
    }

    private func value(_ key: String) -> String? { values.withLock { $0[key] } }
    private func set(_ key: String, _ value: String?) { values.withLock { $0[key] = value } }

    /// The project's Web API key (`API_KEY`).
    public var apiKey: String? { get { value("API_KEY") } set { set("API_KEY", newValue) } }
    /// The project id (`PROJECT_ID`).
    public var projectID: String? { get { value("PROJECT_ID") } set { set("PROJECT_ID", newValue) } }
    /// The app's bundle id (`BUNDLE_ID`), sent as `X-Ios-Bundle-Identifier` for a key restricted to it.
    public var bundleID: String { get { value("BUNDLE_ID") ?? "" } set { set("BUNDLE_ID", newValue) } }
    /// The app id (`GOOGLE_APP_ID`).
    public var googleAppID: String { get { value("GOOGLE_APP_ID") ?? "" } set { set("GOOGLE_APP_ID", newValue) } }
    /// The sender id (`GCM_SENDER_ID`).
    public var gcmSenderID: String { get { value("GCM_SENDER_ID") ?? "" } set { set("GCM_SENDER_ID", newValue) } }
    /// The OAuth client id (`CLIENT_ID`); not used here.
    public var clientID: String? { get { value("CLIENT_ID") } set { set("CLIENT_ID", newValue) } }
    /// The storage bucket (`STORAGE_BUCKET`); not used here.
    public var storageBucket: String? { get { value("STORAGE_BUCKET") } set { set("STORAGE_BUCKET", newValue) } }
    /// The database URL (`DATABASE_URL`); not used here.
    public var databaseURL: String? { get { value("DATABASE_URL") } set { set("DATABASE_URL", newValue) } }
    /// The app group of an Apple app's shared keychain; kept, not used here (the session is in the home).
    public var appGroupID: String? { get { value("APP_GROUP_ID") } set { set("APP_GROUP_ID", newValue) } }

    /// The backend of the project these options name, or why they name none.
    func backend() throws -> BackendChoice {
        do { return try FirebaseAppOptions.backend(values.withLock { $0 }) } catch { throw AuthError(error, providerID: nil) }
    }
}

/// A configured Firebase app (FirebaseCore's `FirebaseApp`): its ``Auth`` keeps accounts in the
/// options' project, in the default home (`AUTHCTL_HOME`, as ``Auth/auth()``), whatever project
/// the home's own configuration names.
public final class FirebaseApp: NSObject, Sendable {
    /// The environment variable naming a `GoogleService-Info.plist` when the working directory has none.
    public static let plistPathVariable = FirebaseAppOptions.pathVariable
    /// The file `configure()` looks for in the working directory.
    public static let plistFileName = "GoogleService-Info.plist"
    /// The default app's name.
    public static let defaultAppName = "__FIRAPP_DEFAULT"

    private static let apps = LockedState<[String: FirebaseApp]>([:])

    /// The app's name.
    public let name: String
    /// The app's options: a copy of those it was configured with, as FirebaseCore keeps one, so a
    /// change to the caller's object afterwards does not change the app's project.
    public let options: FirebaseOptions
    /// The app's accounts.
    let auth: Auth
    private let dataCollection = LockedState(true)

    /// FirebaseCore's switch for the usage data its SDKs collect; kept, as this library collects none.
    public var isDataCollectionDefaultEnabled: Bool {
        get { dataCollection.withLock { $0 } }
        set { dataCollection.withLock { $0 = newValue } }
    }

    private init(name: String, options: FirebaseOptions, backend: BackendChoice) {
        self.name = name
        self.options = options.copy() as? FirebaseOptions ?? options
        let environment = ProcessInfo.processInfo.environment
        auth = Auth(
            chosenHome: nil,
            backend: .firebase(apiKey: options.apiKey ?? "", projectID: options.projectID ?? ""), environment: environment,
            choice: backend)
        super.init()
        auth.belong(to: self)
    }

    /// Configures the default app from `GoogleService-Info.plist` in the working directory, else
    /// the file ``plistPathVariable`` names. Without one (or twice), it says so on standard error
    /// and leaves things as they are: ``Auth/auth()`` then uses the home's configuration.
    public static func configure() {
        guard let path = defaultPlistPath() else {
            return complain("no \(plistFileName) in the working directory, and \(plistPathVariable) is not set")
        }
        guard let options = FirebaseOptions(contentsOfFile: path) else { return }
        configure(options: options)
    }

    /// Configures the default app with `options`.
    public static func configure(options: FirebaseOptions) {
        configure(name: defaultAppName, options: options)
    }

    /// Configures the app `name` with `options`.
    public static func configure(name: String, options: FirebaseOptions) {
        let backend: BackendChoice
        do { backend = try options.backend() } catch { return complain("\(error)") }
        let app = FirebaseApp(name: name, options: options, backend: backend)
        let added = apps.withLock { apps in apps[name] == nil ? { apps[name] = app; return true }() : false }
        if !added { complain("the app \(name) is configured already") }
    }

    /// The default app, or nil before ``configure()``.
    public static func app() -> FirebaseApp? { app(name: defaultAppName) }

    /// The app `name`, or nil.
    public static func app(name: String) -> FirebaseApp? { apps.withLock { $0[name] } }

    /// Every configured app by name.
    public static var allApps: [String: FirebaseApp]? { apps.withLock { $0.isEmpty ? nil : $0 } }

    /// Forgets the app (its ``Auth`` keeps working for those who hold it).
    public func delete(_ completion: @escaping (Bool) -> Void) {
        let removed = Self.apps.withLock { $0.removeValue(forKey: name) != nil }
        Completion.onMain(completion, removed)
    }

    static func defaultPlistPath() -> String? {
        let local = FileManager.default.currentDirectoryPath + "/" + plistFileName
        if FileManager.default.fileExists(atPath: local) { return local }
        return ProcessInfo.processInfo.environment[plistPathVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func complain(_ message: String) {
        FileHandle.standardError.write(Data("AuthctlKit: FirebaseApp.configure: \(TerminalSafety.neutralised(message))\n".utf8))
    }
}

/// FirebaseCore's options are `NSCopying` (`FirebaseApp.configure(options:)` keeps a copy there):
/// a copy has the same values and its own lock.
extension FirebaseOptions: NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any { FirebaseOptions(values: values.withLock { $0 }) }
}
