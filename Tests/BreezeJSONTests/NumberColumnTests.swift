import Testing

@testable import BreezeJSON

/// `readNumberColumn` against the element-by-element reading it replaces (`readArray` with
/// `peekKind`, `readNull`, `readNumber`, `skipValue`): the same values to the bit, the same
/// verdict, the same position after, and the same syntax error at the same byte.
struct NumberColumnTests {
    static func reference(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> ([Double], Bool) {
        var values: [Double] = []
        var allNumbers = true
        try scanner.readArray(depth: 3) { scanner throws(JSONSyntaxError) in
            switch try scanner.peekKind() {
            case .null where allNumbers:
                try scanner.readNull()
                values.append(.nan)
            case .number where allNumbers:
                let value = try scanner.readNumber()
                allNumbers = value.isFinite
                values.append(value)
            default:
                allNumbers = false
                try scanner.skipValue(depth: 4)
            }
        }
        return (values, allNumbers)
    }

    static func read(_ text: String, fast: Bool) -> Result<([UInt64], Bool, Int), JSONSyntaxError> {
        Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONSyntaxError) in
                var values: [Double] = []
                var allNumbers: Bool
                if fast {
                    allNumbers = try scanner.readNumberColumn(depth: 3, into: &values)
                } else {
                    (values, allNumbers) = try reference(&scanner)
                }
                // Past the first element that is not a number, what was kept does not matter.
                let kept = allNumbers ? values.map(\.bitPattern) : []
                return (kept, allNumbers, scanner.position)
            }
        }
    }

    @Test(arguments: [
        "[]", "[ ]", "[1,2,3]", "[ 1 , null ,-0, 12.3 ]", "[1e400,2]", "[1,\"x\",3]", "[1,[2,[3]],4]",
        "[1,{\"a\":[1,2]},null]", "[1,2", "[1,", "[1,]", "[,1]", "[1 2]", "[nul]", "[null,nulll]", "[01]",
        "[1.]", "[-]", "[1,x]", "[\n1,\t2\r,3]", "[1,2]x", "[true,false]", "[\"\\u12\"]", "[1e5,1E-7,-0.0]",
        "[12.30000000000000001,123456789012345678901]", "[", "", "{}", "[[[]]]", "[1,null,\"a\",null,2]",
    ])
    func agreesWithTheElementByElementReading(text: String) {
        switch (Self.read(text, fast: true), Self.read(text, fast: false)) {
        case (.success(let fast), .success(let reference)):
            #expect(fast.0 == reference.0 && fast.1 == reference.1 && fast.2 == reference.2, "\(text)")
        case (.failure(let fast), .failure(let reference)): #expect(fast == reference, "\(text)")
        case (let fast, let reference): Issue.record("\(text): \(fast) vs \(reference)")
        }
    }

    /// `readHourColumn` keeps every element, one for one: numbers as read, null as NaN, and any
    /// other element as +infinity; the same syntax errors as the element-by-element reading.
    @Test(arguments: [
        ("[]", []), ("[1,\"x\",3]", [1, .infinity, 3]), ("[1e400,-1e400,null]", [.infinity, -.infinity, .nan]),
        ("[true,{\"a\":[1,2]},[3],-0]", [.infinity, .infinity, .infinity, -0.0]), ("[ 1 , null ,\"NaN\" ]", [1, .nan, .infinity]),
    ] as [(String, [Double])])
    func hourColumnsKeepEveryElement(text: String, expected: [Double]) throws {
        let values = try Array(text.utf8).withUnsafeBytes { buffer throws(JSONSyntaxError) in
            var scanner = JSONScanner(buffer)
            var values: [Double] = []
            try scanner.readHourColumn(depth: 3, into: &values)
            return values
        }
        #expect(values.map(\.bitPattern) == expected.map(\.bitPattern), "\(text)")
    }

    @Test(arguments: ["[1,2", "[1,]", "[,1]", "[1 2]", "[nul]", "[01]", "[1,x]", ""])
    func hourColumnsRefuseWhatIsNotJSON(text: String) {
        let fast = Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            var values: [Double] = []
            return Result { () throws(JSONSyntaxError) in try scanner.readHourColumn(depth: 3, into: &values) }
        }
        let reference = Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONSyntaxError) in _ = try Self.reference(&scanner) }
        }
        switch (fast, reference) {
        case (.failure(let fast), .failure(let reference)): #expect(fast == reference, "\(text)")
        default: Issue.record("\(text): \(fast) vs \(reference)")
        }
    }
}
