// libFuzzer target: state.json read by the one-pass reader, then what the daemon and
// breezectl status do with a state that reads: write it back, read that again (it must be
// equal), feed every city's alert state a reading, write its times.
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/state.
import BreezeModel
@testable import BreezeAlerts
@testable import BreezeState
import BreezeVocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzState(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let state = try? StateJSONReader.decode(bytes) else { return 0 }
    guard let written = try? StateJSONWriter.encode(state) else {
        fatalError("a state that reads does not write")
    }
    guard (try? StateJSONReader.decode(written)) == state else { fatalError("the state does not read back equal") }
    let now = 1_800_000_000.0
    for (_, record) in state.cities {
        for aqi in [40, 180, 320] {
            _ = AlertStateMachine.evaluate(
                Observation(aqi: aqi, observedAt: "t"), city: record.city,
                rule: AlertRule(threshold: 101, confirmAfter: 1, repeatEvery: .seconds(3600)),
                state: record.alert, now: now)
        }
        for time in [record.bandSince, record.lastPollAt, record.alert.lastNotifiedAt, record.alert.episodeStartedAt] {
            _ = time.map(TimeText.rfc3339)
            _ = time.map(TimeText.local)
        }
    }
    _ = state.lastCycleCompletedAt.map(TimeText.local)
    return 0
}
