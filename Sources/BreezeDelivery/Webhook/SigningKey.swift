import BreezeConfig
import FoundationEssentials

/// The key of Standard Webhooks signatures, read from `Secret=`/`SecretFile=`.
///
/// `whsec_<base64>` (the Standard Webhooks form) signs with the base64-decoded bytes. A secret
/// without the prefix signs with its UTF-8 bytes as written, like GitHub-style webhook secrets:
/// guessing whether an unprefixed text "is base64" would make a passphrase such as `hunter22`
/// (valid base64) silently sign with a different key than its owner expects.
public struct SigningKey: Sendable, Equatable {
    /// The HMAC key bytes.
    public let bytes: [UInt8]

    /// The key of `secret`; nil when it starts with `whsec_` but the rest is not base64.
    public init?(secret: Secret) {
        guard let bytes = SigningSecret.keyBytes(secret.value) else { return nil }
        self.bytes = bytes
    }

    /// The value of the `webhook-signature` header: `v1,<base64 HMAC-SHA256(key, id.timestamp.body)>`.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) -> String {
        let signed = Array("\(id).\(timestamp).".utf8) + body
        return "v1," + Data(LibCrypto.hmacSHA256(key: bytes, message: signed)).base64EncodedString()
    }
}
