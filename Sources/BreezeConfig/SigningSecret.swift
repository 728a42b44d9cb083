import FoundationEssentials

/// How a webhook's `Secret=` becomes HMAC key bytes: read here once, for the configuration's
/// check at load and for the signer alike, so a secret that loads always signs.
public enum SigningSecret {
    /// `whsec_<base64>` (the Standard Webhooks form) is the base64-decoded bytes; a secret
    /// without the prefix is its UTF-8 bytes as written. Nil when it starts with `whsec_` but the
    /// rest is not (non-empty) base64.
    public static func keyBytes(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("whsec_") else { return Array(text.utf8) }
        guard let decoded = Data(base64Encoded: String(text.dropFirst(6))), !decoded.isEmpty else { return nil }
        return Array(decoded)
    }
}
