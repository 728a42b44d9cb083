/// The six pollutants Breeze reads from Open-Meteo and rates.
public enum Pollutant: String, CaseIterable, Sendable, Codable, Hashable {
    case pm2_5
    case pm10
    case no2
    case so2
    case o3
    case co

    /// The variable name in Open-Meteo's air-quality API.
    public var openMeteoVariable: String {
        switch self {
        case .pm2_5: "pm2_5"
        case .pm10: "pm10"
        case .no2: "nitrogen_dioxide"
        case .so2: "sulphur_dioxide"
        case .o3: "ozone"
        case .co: "carbon_monoxide"
        }
    }
}

extension Pollutant {
    /// The short label shown to people: PM2.5, PM10, NO₂, SO₂, O₃, CO.
    public var label: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .no2: "NO₂"
        case .so2: "SO₂"
        case .o3: "O₃"
        case .co: "CO"
        }
    }

    /// The pollutant's full name.
    public var fullName: String {
        switch self {
        case .pm2_5: "Fine particulate matter"
        case .pm10: "Coarse particulate matter"
        case .no2: "Nitrogen dioxide"
        case .so2: "Sulphur dioxide"
        case .o3: "Ozone"
        case .co: "Carbon monoxide"
        }
    }

    /// One line on what it is and where it comes from.
    public var summary: String {
        switch self {
        case .pm2_5: "Particles of 2.5 µm or less, from combustion and smoke, that reach deep into the lungs."
        case .pm10: "Particles of 10 µm or less, such as dust and pollen fragments, that lodge in the airways."
        case .no2: "A reddish gas from vehicle exhausts and power plants that inflames the airways."
        case .so2: "A sharp-smelling gas from burning coal and oil that tightens the airways."
        case .o3: "Ground-level ozone, formed when sunlight acts on exhaust gases; worst on hot afternoons."
        case .co: "A colourless, odourless gas from incomplete burning that keeps blood from carrying oxygen."
        }
    }

    /// Molecular weight in g/mol for the gases; nil for particulate matter, which has none.
    public var molecularWeight: Double? {
        molecularWeightHundredths.map { hundredths in Double(hundredths) / 100 }
    }

    /// The molecular weight in hundredths of g/mol, so conversions stay exact.
    var molecularWeightHundredths: Int128? {
        switch self {
        case .pm2_5, .pm10: nil
        case .no2: 4601
        case .so2: 6407
        case .o3: 4800
        case .co: 2801
        }
    }
}
