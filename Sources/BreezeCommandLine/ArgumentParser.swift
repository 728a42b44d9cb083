/// A command-line argument the user got wrong; `message` names the argument.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Arguments split into positionals, boolean flags and valued options.
public struct ParsedArguments: Sendable, Equatable {
    public var positionals: [String] = []
    public var flags: Set<String> = []
    /// Every value given for each option, in order (options may repeat).
    public var options: [String: [String]] = [:]

    public init() {}

    /// Whether `--name` was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for `--name`, if any.
    public func value(_ option: String) -> String? { options[option]?.last }
}

/// What a command accepts: flag names and option names, without the leading `--`.
public struct ArgumentSpecification: Sendable {
    public var flags: Set<String>
    public var options: Set<String>

    public init(flags: Set<String> = [], options: Set<String> = []) {
        self.flags = flags
        self.options = options
    }

    /// Splits `arguments` (without the program and command names).
    ///
    /// Accepts `--flag`, `--option value`, `--option=value` and `--` to end options; `-h` stands
    /// for `--help` when `help` is a flag.
    /// Throws a `UsageError` naming the offending argument.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, argument == "-h", flags.contains("help") {
                parsed.flags.insert("help")
                continue
            }
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if !optionsEnded, argument.hasPrefix("-"), argument.count > 1, argument != "-",
                    Double(argument) == nil
                {
                    throw UsageError("unknown option '\(argument)'")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let body = argument.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            if flags.contains(name) {
                if inlineValue != nil {
                    throw UsageError("option '--\(name)' takes no value")
                }
                parsed.flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '--\(name)' needs a value")
                }
                parsed.options[name, default: []].append(value)
            } else {
                throw UsageError("unknown option '--\(name)'")
            }
        }
        return parsed
    }
}
