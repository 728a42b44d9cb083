// libFuzzer target: the configuration parser and validator on any bytes, as a main file and
// as a drop-in, then what `check-config` computes from a configuration that loads.
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/configuration.
@testable import BreezeConfig

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let sources = [
        ConfigurationSource(path: "breezed.conf", text: text, permissions: 0o600),
        ConfigurationSource(path: "breezed.conf.d/10-more.conf", text: text, permissions: 0o644),
    ]
    for loaded in [
        try? ConfigurationLoader.load(text: text),
        try? ConfigurationLoader.load(sources: sources, context: LoadContext()),
    ] {
        guard let configuration = loaded?.configuration else { continue }
        _ = ConfigurationCheck.summary(configuration)
        for city in configuration.cities { _ = CityDropIn.fileName(for: city.city.name) }
    }
    return 0
}
