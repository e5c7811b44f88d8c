/// Encodes `Encodable` values into a ``JSONValue``: how authctl writes its own files (then
/// ``JSONValue/serialized(pretty:)``, keys sorted). Dates become seconds since 1970, a ``JSONValue``
/// member is written as is, and non-finite numbers are refused. The counterpart of
/// ``JSONValueDecoder``.
package struct JSONValueEncoder: Sendable {
    package init() {}

    package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = JSONSlot()
        try JSONValueEncoding(root, codingPath: []).encodeValue(value)
        guard let encoded = root.resolved() else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) encoded nothing"))
        }
        return encoded
    }
}

/// Where one encoded value goes. Containers are handed out before they are filled, so the tree is
/// built from references and resolved into a ``JSONValue`` at the end.
final class JSONSlot {
    private enum Content {
        case empty
        case value(JSONValue)
        case object([String: JSONSlot])
        case array([JSONSlot])
    }

    private var content = Content.empty

    func set(_ value: JSONValue) { content = .value(value) }

    /// The member slot `key`, turning this slot into an object if it is not one yet.
    func member(_ key: String) -> JSONSlot {
        var members: [String: JSONSlot] = [:]
        if case .object(let existing) = content { members = existing }
        let slot = members[key] ?? JSONSlot()
        members[key] = slot
        content = .object(members)
        return slot
    }

    /// A new last element, turning this slot into an array if it is not one yet.
    func appended() -> JSONSlot {
        var elements: [JSONSlot] = []
        if case .array(let existing) = content { elements = existing }
        let slot = JSONSlot()
        elements.append(slot)
        content = .array(elements)
        return slot
    }

    func makeObject() { if case .object = content {} else { content = .object([:]) } }
    func makeArray() { if case .array = content {} else { content = .array([]) } }

    var count: Int { if case .array(let elements) = content { elements.count } else { 0 } }

    /// The value built here; nil if nothing was encoded into it.
    func resolved() -> JSONValue? {
        switch content {
        case .empty: nil
        case .value(let value): value
        case .object(let members): .object(members.compactMapValues { $0.resolved() })
        case .array(let elements): .array(elements.map { $0.resolved() ?? .null })
        }
    }
}

/// One value being encoded into its slot, and its single-value container.
struct JSONValueEncoding: Encoder, SingleValueEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ slot: JSONSlot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return JSONUnkeyedEncoding(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// `value`, with the two types the files spell their own way.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == Date.self, let date = value as? Date { return try encode(date.timeIntervalSince1970) }
        if T.self == JSONValue.self, let json = value as? JSONValue { return slot.set(json) }
        try value.encode(to: self)
    }

    // MARK: SingleValueEncodingContainer

    func encodeNil() { slot.set(.null) }
    func encode(_ value: Bool) { slot.set(.bool(value)) }
    func encode(_ value: String) { slot.set(.string(value)) }

    func encode(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        slot.set(.number(value))
    }

    func encode(_ value: Float) throws { try encode(Double(value)) }
    func encode(_ value: Int) { slot.set(.number(Double(value))) }
    func encode(_ value: Int8) { slot.set(.number(Double(value))) }
    func encode(_ value: Int16) { slot.set(.number(Double(value))) }
    func encode(_ value: Int32) { slot.set(.number(Double(value))) }
    func encode(_ value: Int64) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt8) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt16) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt32) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt64) { slot.set(.number(Double(value))) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
}

/// An object's members, by coding key.
struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    private func member(_ key: Key) -> JSONValueEncoding {
        JSONValueEncoding(slot.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) { member(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { member(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { member(key).encode(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(key).encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        member(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { member(key).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { JSONValueEncoding(slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

/// An array's elements, appended in order.
struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    var count: Int { slot.count }

    private func next() -> JSONValueEncoding {
        let path = codingPath + [JSONIndexKey(slot.count)]
        return JSONValueEncoding(slot.appended(), codingPath: path)
    }

    mutating func encodeNil() { next().encodeNil() }
    mutating func encode(_ value: Bool) { next().encode(value) }
    mutating func encode(_ value: String) { next().encode(value) }
    mutating func encode(_ value: Double) throws { try next().encode(value) }
    mutating func encode(_ value: Float) throws { try next().encode(value) }
    mutating func encode(_ value: Int) { next().encode(value) }
    mutating func encode(_ value: Int8) { next().encode(value) }
    mutating func encode(_ value: Int16) { next().encode(value) }
    mutating func encode(_ value: Int32) { next().encode(value) }
    mutating func encode(_ value: Int64) { next().encode(value) }
    mutating func encode(_ value: UInt) { next().encode(value) }
    mutating func encode(_ value: UInt8) { next().encode(value) }
    mutating func encode(_ value: UInt16) { next().encode(value) }
    mutating func encode(_ value: UInt32) { next().encode(value) }
    mutating func encode(_ value: UInt64) { next().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
