extension JSONScanner {
    /// Reads the array that starts here as a column of numbers: each element appended to
    /// `values` (a null as NaN) while every element so far is a finite number or null; says
    /// whether all were. The elements after the first that is not are still read and checked,
    /// not kept. Element by element the same reading, and the same syntax errors, as
    /// `readArray` with `peekKind`, `readNull` and `readNumber`, without asking each element's
    /// kind first.
    @inlinable public mutating func readNumberColumn(depth: Int, into values: inout [Double]) throws(JSONSyntaxError)
        -> Bool
    {
        var allNumbers = true
        try readArray(depth: depth) { scanner throws(JSONSyntaxError) in
            scanner.skipWhitespace()
            if allNumbers, scanner.position < scanner.bytes.count {
                let byte = scanner.bytes[scanner.position]
                if byte == UInt8(ascii: "n") {
                    try scanner.readNull()
                    values.append(.nan)
                    return
                }
                if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
                    let value: Double
                    if let short = scanner.readShortDecimal() { value = short } else { value = try scanner.readNumberInFull() }
                    allNumbers = value.isFinite
                    values.append(value)
                    return
                }
            }
            allNumbers = false
            try scanner.skipValue(depth: depth + 1)
        }
        return allNumbers
    }
}
