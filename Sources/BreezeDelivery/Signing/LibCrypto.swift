import CCrypto

/// SHA-256 and HMAC-SHA256 from OpenSSL's libcrypto: no cryptography is written here.
/// ("Digest" in Breeze names the daily digest only: the HMAC here is a webhook's signature,
/// the SHA-256 a hash of an event id.)
public enum LibCrypto {
    /// The HMAC-SHA256 signature of `message` under `key` (32 bytes).
    public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // A trailing byte that is never counted: libcrypto wants valid pointers even for
        // empty inputs, which Swift would otherwise give as nil.
        let paddedKey = key + [0]
        let paddedMessage = message + [0]
        let result = paddedKey.withUnsafeBytes { keyBytes in
            paddedMessage.withUnsafeBufferPointer { messageBytes in
                output.withUnsafeMutableBufferPointer { outputBytes in
                    HMAC(
                        EVP_sha256(), keyBytes.baseAddress, Int32(key.count), messageBytes.baseAddress,
                        message.count, outputBytes.baseAddress, &length)
                }
            }
        }
        precondition(result != nil, "libcrypto's HMAC-SHA256 failed")
        return Array(output.prefix(Int(length)))
    }

    /// SHA-256 of `message`.
    public static func sha256(_ message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let padded = message + [0]
        let status = padded.withUnsafeBytes { bytes in
            output.withUnsafeMutableBufferPointer { outputBytes in
                EVP_Digest(bytes.baseAddress, message.count, outputBytes.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        precondition(status == 1, "libcrypto's SHA-256 failed")
        return Array(output.prefix(Int(length)))
    }

    /// Lower-case hexadecimal of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
