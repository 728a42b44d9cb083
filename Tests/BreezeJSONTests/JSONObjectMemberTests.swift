import BreezeJSON
import Testing

/// One member of a server's error body, read with the scanner.
struct JSONObjectMemberTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func readsTheMemberOfAnObject() {
        let body = bytes(#" {"message": "slow down", "nested": {"retry_after": 9}, "retry_after": 1.25, "global": false} "#)
        #expect(JSONObjectMember.number("retry_after", in: body) == 1.25)
        #expect(JSONObjectMember.string("message", in: body) == "slow down")
        #expect(JSONObjectMember.string("reason", in: bytes(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 1e300."}"#))
            == "Latitude must be in range of -90 to 90°. Given: 1e300.")
        #expect(JSONObjectMember.string("reason", in: bytes(#"{"re\u0061son":"東京\n"}"#)) == "東京\n")
    }

    @Test func theLastOfARepeatedKeyCounts() {
        #expect(JSONObjectMember.number("retry_after", in: bytes(#"{"retry_after":1,"retry_after":2}"#)) == 2)
        #expect(JSONObjectMember.number("retry_after", in: bytes(#"{"retry_after":1,"retry_after":"2"}"#)) == nil)
    }

    @Test(arguments: [
        "", "not json", "[1]", #""reason""#, #"{"reason": "x""#, #"{"reason": "x"} trailing"#,
        #"{"other": "x"}"#, #"{"reason": null}"#,
    ])
    func anythingElseIsNil(text: String) {
        #expect(JSONObjectMember.string("reason", in: bytes(text)) == nil)
        #expect(JSONObjectMember.number("reason", in: bytes(text)) == nil)
    }

    @Test func aBooleanIsNotANumber() {
        #expect(JSONObjectMember.number("retry_after", in: bytes(#"{"retry_after": true}"#)) == nil)
        #expect(JSONObjectMember.number("retry_after", in: bytes(#"{"retry_after": -0.5e1}"#)) == -5)
        #expect(JSONObjectMember.string("reason", in: bytes(#"{"reason": 5}"#)) == nil)
    }
}
