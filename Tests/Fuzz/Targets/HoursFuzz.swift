// libFuzzer target: hours.bin read by `KeptHoursStore.decode`, then what the daemon does with
// kept hours that read: write them back and read that again (it must be equal), read every
// slot, decide what a poll asks, keep a new row (a hostile value among them).
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/hours.
import BreezeModel
@testable import BreezeState
import BreezeVocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHours(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let hours) = KeptHoursStore.decode(bytes) else { return 0 }
    guard case .success(let again) = KeptHoursStore.decode(KeptHoursStore.encode(hours)), again == hours else {
        fatalError("kept hours that read do not read back equal")
    }
    for (_, kept) in hours {
        var kept = kept
        guard let newest = kept.newestHour else { continue }
        for hour in (newest - KeptHours.slotCount - 1)...(newest + 1) {
            for pollutant in Pollutant.allCases {
                if let value = kept.value(pollutant, hour: hour), !(value >= 0) { fatalError("a kept value below 0") }
            }
        }
        _ = kept.reachesRecent(at: Instant(unixSeconds: Double(newest) * 3600 + 60))
        kept.setRow(hour: newest + 1) { $0 == .so2 ? .nan : $0 == .co ? 1e300 : 12.3 }
        if kept.value(.pm2_5, hour: newest + 1) != 12.3 { fatalError("a row kept does not read back") }
    }
    return 0
}
