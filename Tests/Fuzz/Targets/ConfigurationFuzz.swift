// libFuzzer target: the configuration parser and validator on any bytes, as a main file and
// as a drop-in, then what `check-config` computes from a configuration that loads.
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/configuration.
@testable import BreezeConfig
import BreezeVocabulary

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
        // The slug that names each city's drop-in (`breezectl add`) and its event ids.
        for city in configuration.cities { _ = Slug.of(city.city.name) }
    }
    return 0
}
