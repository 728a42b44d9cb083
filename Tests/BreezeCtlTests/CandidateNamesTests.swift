import BreezeModel
import BreezeVocabulary
import Testing

@testable import BreezeCtl

struct CandidateNamesTests {
    func city(_ name: String, _ region: String?, _ country: String?, _ latitude: Double = 1) -> City {
        City(name: name, country: country, admin1: region, latitude: latitude, longitude: 2)
    }

    @Test func aNameOfItsOwnStaysPlain() {
        #expect(CandidateNames.distinct([city("Berlin", "Land Berlin", "Germany"), city("Bern", nil, "Switzerland")])
            == ["Berlin", "Bern"])
    }

    @Test func sharedNamesTakeTheRegionThenTheCountryThenTheCoordinates() {
        let names = CandidateNames.distinct([
            city("Springfield", "Illinois", "United States"), city("Springfield", "Missouri", "United States"),
            city("Paris", "Texas", "United States"), city("Paris", "Texas", "Canada"),
            city("Anytown", nil, nil, 10), city("anytown", nil, nil, 20),
        ])
        #expect(names == [
            "Springfield, Illinois", "Springfield, Missouri",
            "Paris, Texas, United States", "Paris, Texas, Canada",
            "Anytown (10, 2)", "anytown (20, 2)",
        ])
    }

    @Test func aQualifiedNameNeverMeetsAnotherCandidatesPlainOne() {
        let names = CandidateNames.distinct([
            city("Springfield", "Illinois", nil), city("Springfield", nil, nil), city("Springfield, Illinois", nil, nil),
        ])
        #expect(Set(names.map { $0.lowercased() }).count == 3)
    }
}

struct JSONOutputTests {
    @Test func prettySortedAndEmptyContainersOnOneLine() {
        let document = JSONOutput.object([
            "b": .array([]), "a": .object([:]), "é": .string("x\n\u{1}\""), "n": .number(Double.nan),
            "list": .array([.integer(1), .bool(true), .null]),
        ])
        #expect(document.text == """
            {
              "a": {},
              "b": [],
              "list": [
                1,
                true,
                null
              ],
              "n": null,
              "é": "x\\n\\u0001\\""
            }
            """)
        #expect(JSONOutput.array([]).text == "[]")
    }
}
