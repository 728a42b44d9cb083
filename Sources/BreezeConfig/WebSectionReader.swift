extension ConfigurationBuilder {
    /// The `[Web]` section over the defaults. Every `Listen=` line is checked; the last one
    /// decides, and an empty one turns the listener off.
    mutating func readWeb(_ section: MergedSection?) -> WebSettings {
        var settings = WebSettings()
        guard let section else { return settings }
        let reader = SectionReader(section: section)
        for assignment in reader.assignments("Listen") {
            var addresses: [ListenAddress] = []
            var valid = true
            for word in assignment.value.words {
                switch ListenAddress.parse(word) {
                case .success(let address) where addresses.contains(address):
                    diagnostics.error("Listen=\(word): listed twice", at: assignment.location)
                    valid = false
                case .success(let address):
                    addresses.append(address)
                case .failure(let problem):
                    diagnostics.error(reader.message(key: "Listen", text: word, problem: problem), at: assignment.location)
                    valid = false
                }
            }
            if valid { settings.listen = addresses }
        }
        return settings
    }
}
