extension JSONScanner {
    /// Reads the array that starts here as a column of numbers: each element appended to
    /// `values` (a null as NaN) while every element so far is a finite number or null; says
    /// whether all were. The elements after the first that is not are still read and checked,
    /// not kept. Element by element the same reading, and the same syntax errors, as
    /// `readArray` with `peekKind`, `readNull` and `readNumber`, without asking each element's
    /// kind first, and with a `,` right after an element taken without the general steps.
    @inlinable public mutating func readNumberColumn(depth: Int, into values: inout [Double]) throws(JSONSyntaxError)
        -> Bool
    {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return true }
        var allNumbers = true
        while true {
            try readColumnElement(depth: depth, into: &values, allNumbers: &allNumbers)
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard consume(UInt8(ascii: ",")) else { break }
        }
        try expect(UInt8(ascii: "]"))
        return allNumbers
    }

    /// Reads the array that starts here as a column of hourly values, keeping every element:
    /// a number as its value (±infinity when it overflows a Double), a null as NaN, and any
    /// other element (a string, `true`, an object, an array) as +infinity, so one value that is
    /// not a number is one hour the caller drops and names, not the whole column lost. The
    /// same syntax errors as `readNumberColumn`.
    @inlinable public mutating func readHourColumn(depth: Int, into values: inout [Double]) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        while true {
            var number = true
            let before = values.count
            try readColumnElement(depth: depth, into: &values, allNumbers: &number)
            // Neither a number nor null: read past, not kept.
            if values.count == before { values.append(.infinity) }
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard consume(UInt8(ascii: ",")) else { break }
        }
        try expect(UInt8(ascii: "]"))
    }

    @inlinable @inline(__always) mutating func readColumnElement(
        depth: Int, into values: inout [Double], allNumbers: inout Bool
    ) throws(JSONSyntaxError) {
        if position < bytes.count, bytes[position] &- UInt8(ascii: "0") >= 10, bytes[position] != UInt8(ascii: "-") {
            skipWhitespace()
        }
        if allNumbers, position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "n") {
                try readNull()
                values.append(.nan)
                return
            }
            if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
                let value: Double
                if let short = readShortDecimal() { value = short } else { value = try readNumberInFull() }
                allNumbers = value.isFinite
                values.append(value)
                return
            }
        }
        allNumbers = false
        try skipValue(depth: depth + 1)
    }
}
