/// Where things are when nobody says otherwise.
public enum DefaultPaths {
    /// The main configuration file.
    public static let configuration = "/etc/breeze/breezed.conf"
}

/// A configuration that loaded, with what was noticed on the way.
public struct LoadedConfiguration: Sendable {
    public var configuration: Configuration
    /// Problems that do not stop loading (a secret in a readable file, a costly poll rate…).
    public var warnings: [Diagnostic]
    /// The files read, in the order they were applied.
    public var files: [String]

    /// A loaded configuration with its warnings and the files it came from.
    public init(configuration: Configuration, warnings: [Diagnostic], files: [String]) {
        self.configuration = configuration
        self.warnings = warnings
        self.files = files
    }
}

/// Loads and validates configuration: from files, or from strings for tests and tools.
public enum ConfigurationLoader {
    /// Loads the main file at `path`, then every `<path>.d/*.conf` in lexical order (systemd's
    /// drop-in convention: `breezed.conf.d/` for `breezed.conf`, `other.conf.d/` for
    /// `other.conf`), and validates the whole. Throws every error found (a missing main file is
    /// one, naming the path); warnings come with either outcome.
    /// `secretFiles` says which `ApiKeyFile=`/`SecretFile=`s are opened (all by default).
    public static func load(
        path: String, environment: [String: String], secretFiles: SecretFileReading = .all
    ) throws(ConfigurationFailure) -> LoadedConfiguration {
        let sources = try readSources(path: path)
        return try load(sources: sources, context: .system(environment: environment, secretFiles: secretFiles))
    }

    /// Validates `sources` in order (the main file first, then drop-ins): later keys override
    /// earlier ones, same-named sections merge. Reads nothing but what `context` provides.
    public static func load(sources: [ConfigurationSource], context: LoadContext) throws(
        ConfigurationFailure
    ) -> LoadedConfiguration {
        var diagnostics = DiagnosticCollector()
        let files = sources.map { source in
            Parser.parse(source.text, path: source.path, diagnostics: &diagnostics)
        }
        let sections = Document.merge(files, diagnostics: &diagnostics)
        var builder = ConfigurationBuilder(
            sections: sections, sources: sources, context: context, diagnostics: diagnostics)
        let configuration = builder.build()
        let paths = sources.map(\.path)
        let errors = inReadingOrder(builder.diagnostics.errors, paths: paths)
        let warnings = inReadingOrder(builder.diagnostics.warnings, paths: paths)
        guard errors.isEmpty else {
            throw ConfigurationFailure(errors: errors, warnings: warnings)
        }
        return LoadedConfiguration(
            configuration: configuration, warnings: warnings, files: sources.map(\.path))
    }

    /// Validates one configuration text, as if read from `path`.
    public static func load(text: String, path: String = "breezed.conf", context: LoadContext = LoadContext())
        throws(ConfigurationFailure) -> LoadedConfiguration
    {
        try load(sources: [ConfigurationSource(path: path, text: text)], context: context)
    }

    /// Diagnostics sorted as a reader meets them: by file, then line; whole-configuration
    /// problems (no line) after their file's lines; otherwise in the order found.
    static func inReadingOrder(_ diagnostics: [Diagnostic], paths: [String]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let firstKey = (paths.firstIndex(of: first.element.path) ?? paths.count, first.element.line ?? Int.max, first.offset)
            let secondKey = (paths.firstIndex(of: second.element.path) ?? paths.count, second.element.line ?? Int.max, second.offset)
            return firstKey < secondKey
        }.map(\.element)
    }

    /// The drop-in directory of the main file at `path`: `<path>.d`, as systemd names them, so
    /// two configurations in one folder never share drop-ins.
    public static func dropInDirectory(for path: String) -> String {
        path + ".d"
    }

    /// The main file and its drop-ins, read from disk in the order they apply.
    public static func readSources(path: String) throws(ConfigurationFailure) -> [ConfigurationSource] {
        var sources: [ConfigurationSource] = []
        var errors: [Diagnostic] = []
        let dropIns = dropInDirectory(for: path)
        var paths = [path]
        switch FileSystem.names(in: dropIns, endingWith: ".conf") {
        case .success(let names): paths += names.map { dropIns + "/" + $0 }
        case .failure(let error):
            // Skipping it would silently drop every city and receiver it holds.
            errors.append(
                Diagnostic(
                    path: dropIns, line: nil, message: "cannot list the drop-in folder: \(error.reason)",
                    severity: .error))
        }
        for file in paths {
            switch FileSystem.contents(file) {
            case .success(let content):
                sources.append(ConfigurationSource(path: file, text: content.text, permissions: content.permissions))
            case .failure(let error):
                errors.append(
                    Diagnostic(
                        path: file, line: nil, message: "cannot read the configuration: \(error.reason)",
                        severity: .error))
            }
        }
        guard errors.isEmpty else { throw ConfigurationFailure(errors: errors, warnings: []) }
        return sources
    }
}
