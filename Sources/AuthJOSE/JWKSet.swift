import AuthPlatform

/// A provider's JWK set (RFC 7517 §5): the keys that can verify, and the ones skipped with why.
package struct JWKSet: Sendable, Equatable {
    /// A member of `keys` that cannot be used (unknown type or curve, `use: enc`, too small, ...).
    package struct SkippedKey: Sendable, Equatable {
        /// Position in the `keys` array.
        package let index: Int
        package let keyID: String?
        package let reason: String
    }

    /// The usable keys, in document order.
    package let keys: [JWK]
    /// The keys that were not usable; never fatal for the set.
    package let skipped: [SkippedKey]

    /// Largest key set document accepted; real sets are a few KiB.
    package static let maximumBytes = 256 * 1024
    /// Most `keys` members accepted; bounds the work a hostile document can cause.
    package static let maximumKeys = 100

    package init(keys: [JWK], skipped: [SkippedKey] = []) {
        self.keys = keys
        self.skipped = skipped
    }

    /// Parses a JWK set document; a bad key is skipped, a bad document throws `invalidKeySet`.
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, source: String = "the key set") throws(JOSEError) -> JWKSet {
        guard bytes.count <= maximumBytes else {
            throw .invalidKeySet(source: source, reason: "it is larger than \(maximumBytes) bytes")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .invalidKeySet(source: source, reason: "it is not JSON (\(error))")
        }
        return try parse(value, source: source)
    }

    /// Parses a JWK set already read as JSON.
    package static func parse(_ value: JSONValue, source: String = "the key set") throws(JOSEError) -> JWKSet {
        guard value.objectValue != nil else { throw .invalidKeySet(source: source, reason: "it is not a JSON object") }
        guard let members = value["keys"]?.arrayValue else { throw .invalidKeySet(source: source, reason: "it has no 'keys' array") }
        guard members.count <= maximumKeys else {
            throw .invalidKeySet(source: source, reason: "it has \(members.count) keys; at most \(maximumKeys) are accepted")
        }
        var keys: [JWK] = []
        var skipped: [SkippedKey] = []
        for (index, member) in members.enumerated() {
            do {
                keys.append(try JWK.parse(member))
            } catch {
                let reason: String
                if case .unusableKey(_, let text) = error { reason = text } else { reason = error.message }
                skipped.append(SkippedKey(index: index, keyID: member["kid"]?.stringValue, reason: reason))
            }
        }
        return JWKSet(keys: keys, skipped: skipped)
    }

    /// The outcome of looking for the key that may verify a token.
    package enum Selection: Sendable, Equatable {
        /// These keys may verify (one, or several sharing the `kid`).
        case found([JWK])
        /// The token names a `kid` the set does not have: the provider may have rotated keys.
        case unknownKeyID
        /// No `kid`, and no key fits the algorithm.
        case noKeyForAlgorithm
        /// No `kid`, and several keys fit the algorithm.
        case ambiguous(candidates: Int)
        /// The `kid` names keys, but none fits the algorithm (algorithm confusion).
        case mismatch(JWK)
    }

    /// The keys that may verify a token with `algorithm` and `keyID`.
    ///
    /// With a `kid`, only keys with that `kid` are considered, and they must fit the algorithm
    /// (key type, and `alg` when the key states one). Without a `kid`, exactly one key in the set
    /// may fit the algorithm, or none is chosen.
    package func select(algorithm: JWSAlgorithm, keyID: String?) -> Selection {
        if let keyID {
            let named = keys.filter { $0.keyID == keyID }
            guard let first = named.first else { return .unknownKeyID }
            let fitting = named.filter { $0.fits(algorithm) }
            return fitting.isEmpty ? .mismatch(first) : .found(fitting)
        }
        let fitting = keys.filter { $0.fits(algorithm) }
        switch fitting.count {
        case 0: return .noKeyForAlgorithm
        case 1: return .found(fitting)
        default: return .ambiguous(candidates: fitting.count)
        }
    }
}
