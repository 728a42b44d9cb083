import BreezeJSON
import Testing

/// The one digit writer: exact digits after what the bytes already hold, the extremes
/// (`Int.min`, whose magnitude `Int` cannot hold) included.
struct DecimalDigitsTests {
    @Test(arguments: [0, 7, -1, 10, 99, 100, -4096, 1_000_000_007, Int.max, Int.min])
    func integersAreWrittenAsSwiftPrintsThem(value: Int) {
        var bytes = Array("x=".utf8)
        DecimalDigits.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x=\(value)")
    }

    @Test(arguments: [UInt64(0), 9, 10, 18_446_744_073_709_551_615])
    func unsignedIntegersToo(value: UInt64) {
        var bytes = Array("[".utf8)
        DecimalDigits.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[\(value)")
    }

    @Test func jsonAndMetricsWriteTheSameDigits() {
        var writer = JSONWriter()
        writer.writeInteger(Int.min)
        var bytes: [UInt8] = []
        DecimalDigits.append(Int.min, to: &bytes)
        #expect(writer.bytes == bytes)
    }
}
