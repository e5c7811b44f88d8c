/// The body of a form POST to the redirect URI: the answer of a provider that posts rather than
/// redirects (OAuth 2.0 Form Post Response Mode, SAML 2.0's HTTP-POST binding).
///
/// Only `application/x-www-form-urlencoded` with a `Content-Length` is taken (browsers send
/// both for a form); the body is read in full before the callback is judged.
enum LoopbackFormBody {
    /// A SAML response with its signature and certificate runs to tens of KiB; nothing a browser
    /// posts back to a sign-in needs more.
    static let maximumBytes = 256 * 1024
    /// The form encoding browsers send (HTML §4.10.21.7).
    static let mediaType = "application/x-www-form-urlencoded"

    enum Outcome: Sendable, Equatable {
        case needMoreBytes
        /// The body as sent (to forward as it is), and its fields decoded.
        case complete(text: String, parameters: [CallbackParameter])
    }

    /// The body that follows `head` in `buffer`, once all of it has arrived.
    static func parse(_ head: LoopbackRequestHead, in buffer: [UInt8]) throws(LoopbackRequestError) -> Outcome {
        let fields = head.headers
        if fields.contains(where: { $0.name.lowercased() == "transfer-encoding" }) { throw .lengthRequired }
        let lengths = fields.filter { $0.name.lowercased() == "content-length" }
        guard let length = lengths.first else { throw .lengthRequired }
        guard lengths.count == 1, !length.value.isEmpty, length.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), length.value.count <= 9,
            let count = Int(length.value)
        else { throw .invalidContentLength }
        guard count <= maximumBytes else { throw .bodyTooLarge }
        let type = fields.first { $0.name.lowercased() == "content-type" }?.value
        let mediaType = type?.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces().lowercased() }
        guard mediaType == Self.mediaType else { throw .unsupportedMediaType }
        let received = buffer.count - head.length
        if received < count { return .needMoreBytes }
        let body = buffer[head.length..<(head.length + count)]
        guard body.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .invalidTarget }
        return .complete(text: String(decoding: body, as: UTF8.self), parameters: try LoopbackQueryDecoder.decode(body))
    }
}
