import BreezeModel
import Testing

/// BreezeModel's `CityGround` and `AlertingAQI.rated(by:)`: which sensors rate a city, the
/// median of several, and the model's value kept beside the sensor's.
@Suite struct CityGroundTests {
    static func sensor(
        _ name: String, _ aqi: Int?, placement: SensorPlacement = .outdoor, stale: Bool = false
    ) -> SensorStatus {
        SensorStatus(
            name: name, kind: .purpleAir, placement: placement, label: "sensor \(name)", nowCastAQI: aqi, stale: stale)
    }

    static let model = AlertingAQI(
        source: .nowcast, aqi: 42, dominantPollutant: .o3, openMeteoAQI: 38, averages: [.pm2_5: 6.1])

    @Test(arguments: [
        ([120], 120),
        ([50, 150, 100], 100),
        ([10, 10, 300], 10),
        // An even count: the mean of the middle two, half rounded up.
        ([100, 150], 125),
        ([100, 151], 126),
        ([151, 100], 126),
        ([10, 100, 151, 400], 126),
        ([0, 1], 1),
    ])
    func outdoorAQIIsTheMedian(aqis: [Int], median: Int) {
        let ground = CityGround(sensors: aqis.enumerated().map { Self.sensor("s\($0.offset)", $0.element) })
        #expect(ground.outdoorAQI == median)
    }

    @Test func staleAndIndoorSensorsNeverRate() {
        let ground = CityGround(sensors: [
            Self.sensor("roof", 300, stale: true),
            Self.sensor("kitchen", 400, placement: .indoor),
            Self.sensor("porch", 80),
            Self.sensor("new", nil),
        ])
        #expect(ground.ratingOutdoor.map(\.name) == ["porch"])
        #expect(ground.outdoorAQI == 80)
        #expect(ground.outdoorLabel == "sensor porch")
        #expect(ground.indoorAQI == 400)

        let indoorOnly = CityGround(sensors: [Self.sensor("kitchen", 400, placement: .indoor), Self.sensor("roof", 300, stale: true)])
        #expect(indoorOnly.outdoorAQI == nil)
        #expect(indoorOnly.outdoorLabel == nil)
        #expect(Self.model.rated(by: indoorOnly) == Self.model)
        // A stale indoor sensor says nothing of indoors either.
        #expect(CityGround(sensors: [Self.sensor("kitchen", 400, placement: .indoor, stale: true)]).indoorAQI == nil)
    }

    @Test func labelNamesOneSensorOrTheMedianOfSeveral() {
        let one = CityGround(sensors: [Self.sensor("a", 90)])
        #expect(one.outdoorLabel == "sensor a")
        let two = CityGround(sensors: [Self.sensor("a", 90), Self.sensor("b", 110)])
        #expect(two.outdoorLabel == "sensor a, sensor b (median)")
        #expect(Self.model.rated(by: two).sensor?.label == "sensor a, sensor b (median)")
    }

    @Test func withoutGroundTheModelRatesUnchanged() {
        #expect(Self.model.rated(by: nil) == Self.model)
        #expect(Self.model.rated(by: CityGround(sensors: [])) == Self.model)
        #expect(Self.model.rated(by: CityGround(sensors: [Self.sensor("new", nil)])) == Self.model)
        #expect(Self.model.rated(by: nil).sensor == nil)
    }

    @Test func ratedKeepsTheModelsAQIBesideTheSensors() {
        let rated = Self.model.rated(by: CityGround(sensors: [Self.sensor("backyard", 187)]))
        #expect(rated.source == .sensor)
        #expect(rated.aqi == 187)
        #expect(rated.dominantPollutant == .pm2_5)
        #expect(rated.openMeteoAQI == 38)
        #expect(rated.sensor == SensorRating(label: "sensor backyard", modelAQI: 42, modelSource: .nowcast))
        #expect(rated.averages.isEmpty)
        #expect(rated.leftOut.isEmpty)

        let fallenBack = AlertingAQI(
            source: .openMeteo, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil, fallbackReason: "no hourly series")
        let overModel = fallenBack.rated(by: CityGround(sensors: [Self.sensor("backyard", 187)]))
        #expect(overModel.aqi == 187)
        #expect(overModel.sensor == SensorRating(label: "sensor backyard", modelAQI: nil, modelSource: .openMeteo))
        #expect(overModel.fallbackReason == nil)
    }
}
