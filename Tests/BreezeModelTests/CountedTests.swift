import BreezeModel
import Testing

struct CountedTests {
    @Test(arguments: [(0, "0 cities"), (1, "1 city"), (2, "2 cities"), (-1, "-1 cities")])
    func citiesAreSingularForExactlyOne(count: Int, text: String) {
        #expect(Counted.text(count, "city", "cities") == text)
    }

    @Test func theDefaultPluralAddsAnS() {
        #expect(Counted.text(1, "candidate") == "1 candidate")
        #expect(Counted.text(3, "candidate") == "3 candidates")
    }
}
