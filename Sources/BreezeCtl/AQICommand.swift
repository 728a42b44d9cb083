import BreezeCommandLine
import BreezeModel

/// `breezectl aqi`: compute a US AQI from pollutant concentrations.
enum AQICommand: BreezectlCommand {
    static let name = "aqi"
    static let summary = "Compute a US AQI from pollutant concentrations"
    static let help = """
        Usage: breezectl aqi [--json] KEY=VALUE...

        Compute the US EPA AQI (2024 breakpoints) from pollutant concentrations: the overall
        AQI, its Breeze band and EPA category, the dominant pollutant and each sub-index.

        Keys:
          pm2_5    PM2.5, 24-hour          o3_1h    ozone, 1-hour (0.125 ppm and up)
          pm10     PM10, 24-hour           no2      nitrogen dioxide, 1-hour
          o3       ozone, 8-hour           so2      sulphur dioxide, 1-hour (up to 304 ppb)
          co       carbon monoxide, 8-hour so2_24h  sulphur dioxide, 24-hour (305 ppb and up)

        A value is in µg/m³ unless it ends in ppm or ppb (ug/m3 and µg/m³ are accepted too).
        Gases given in µg/m³ are converted at 25 °C before EPA's truncation.

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --json   print one JSON object instead of a table

        Example: breezectl aqi pm2_5=35.9 o3=0.078ppm no2=120ppb
        """

    static let exitStatuses = [
        ExitStatus(.success, "computed"),
        ExitStatus(.usage, "bad arguments: no KEY=VALUE, an unknown key, a bad number or unit"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(flags: ["json"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let index: AirQualityIndex
        do {
            index = try AirQualityIndex(concentrations: try concentrations(parsed.positionals))
        } catch {
            context.console.printError("breezectl \(name): \(error.message)")
            context.console.printError("Try 'breezectl \(name) --help'.")
            return .usage
        }
        if parsed.has("json") {
            context.console.printJSON(AQIReport.json(index))
        } else {
            context.console.print(AQIReport.table(index))
        }
        return .success
    }

    /// The concentrations named by `KEY=VALUE` arguments; throws naming the bad argument.
    static func concentrations(_ arguments: [String]) throws(UsageError) -> [AQIKey: Concentration] {
        guard !arguments.isEmpty else {
            throw UsageError("give at least one KEY=VALUE, e.g. 'pm2_5=35.9'")
        }
        var result: [AQIKey: Concentration] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw UsageError("'\(argument)' is not KEY=VALUE")
            }
            let name = String(argument[..<equals])
            guard let key = AQIKey(rawValue: name) else {
                let suggestion = suggestedKey(for: name).map { "; did you mean '\($0.rawValue)'?" } ?? ""
                throw UsageError("unknown key '\(name)' in '\(argument)'\(suggestion)")
            }
            guard result[key] == nil else {
                throw UsageError("'\(argument)': \(key.rawValue) is given twice")
            }
            let concentration = try concentration(String(argument[argument.index(after: equals)...]), argument)
            guard !concentration.value.isNegative else {
                throw UsageError("'\(argument)': a concentration cannot be negative")
            }
            guard key.pollutant.accepts(concentration.unit) else {
                throw UsageError("'\(argument)': particles are measured in µg/m³, not \(concentration.unit.symbol)")
            }
            result[key] = concentration
        }
        return result
    }

    /// `35.9`, `0.078ppm`, `120 ppb`, `40ug/m3`, `40µg/m³` as a concentration.
    private static func concentration(_ text: String, _ argument: String) throws(UsageError) -> Concentration {
        var number = Substring(text)
        var unit = ConcentrationUnit.microgramsPerCubicMetre
        let suffixes: [(String, ConcentrationUnit)] = [
            ("ppm", .partsPerMillion), ("ppb", .partsPerBillion), ("ug/m3", .microgramsPerCubicMetre),
            ("ug/m³", .microgramsPerCubicMetre), ("µg/m³", .microgramsPerCubicMetre),
            ("µg/m3", .microgramsPerCubicMetre), ("μg/m³", .microgramsPerCubicMetre),
            ("μg/m3", .microgramsPerCubicMetre),
        ]
        if let (suffix, suffixUnit) = suffixes.first(where: { text.lowercased().hasSuffix($0.0) }) {
            number = number.dropLast(suffix.count)
            unit = suffixUnit
        }
        while number.last == " " { number = number.dropLast() }
        guard let value = ExactDecimal(number) else {
            throw UsageError("'\(argument)': '\(number)' is not a number")
        }
        return Concentration(value, unit)
    }

    /// The key a mistyped name most likely meant: a known alias, or a key at most two edits away.
    static func suggestedKey(for name: String) -> AQIKey? {
        let lowered = name.lowercased()
        let aliases: [String: AQIKey] = [
            "pm25": .pm2_5, "pm2.5": .pm2_5, "pm2_5_24h": .pm2_5, "pm10_24h": .pm10, "ozone": .o3,
            "o3_8h": .o3, "co_8h": .co, "no2_1h": .no2, "so2_1h": .so2, "carbon_monoxide": .co,
            "nitrogen_dioxide": .no2, "sulphur_dioxide": .so2, "sulfur_dioxide": .so2,
        ]
        if let key = aliases[lowered] { return key }
        let scored = AQIKey.allCases.map { key in (key, editDistance(lowered, key.rawValue)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance between two strings, by characters.
    private static func editDistance(_ left: String, _ right: String) -> Int {
        let left = Array(left)
        let right = Array(right)
        var previous = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var current = [row + 1]
            for (column, rightCharacter) in right.enumerated() {
                let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
                current.append(min(previous[column + 1] + 1, current[column] + 1, substitution))
            }
            previous = current
        }
        return previous[right.count]
    }
}

extension Error {
    /// The text to show for an error thrown while reading arguments.
    fileprivate var message: String {
        (self as? UsageError)?.message ?? (self as? AQIInputError)?.description ?? "\(self)"
    }
}
