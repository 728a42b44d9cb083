import BreezeJSON

/// Reads a request line from a client, who may be anyone, with the project's forward-only
/// scanner: one object, `"request"` a string, `"receiver"` a string or null, other members
/// ignored; anything else is a syntax error naming the byte.
enum ControlRequestReader {
    static func read(_ line: [UInt8]) throws(JSONSyntaxError) -> ControlRequest {
        let outcome = line.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> ControlRequest in
                var scanner = JSONScanner(buffer)
                var name: String?
                var receiver: String?
                try scanner.readObject { scanner, key throws(JSONSyntaxError) in
                    if key.equals("request") {
                        guard try scanner.peekKind() == .string else { throw scanner.error("\"request\" must be a string") }
                        name = try scanner.readString()
                    } else if key.equals("receiver") {
                        switch try scanner.peekKind() {
                        case .string: receiver = try scanner.readString()
                        case .null: try scanner.readNull()
                        default: throw scanner.error("\"receiver\" must be a string or null")
                        }
                    } else {
                        try scanner.skipValue(depth: 1)
                    }
                }
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the request") }
                guard let name else { throw scanner.error("no \"request\" member") }
                var request = ControlRequest(.status, receiver: receiver)
                request.request = name
                return request
            }
        }
        return try outcome.get()
    }
}
